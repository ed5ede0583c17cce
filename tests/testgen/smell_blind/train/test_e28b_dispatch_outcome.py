import unittest
from unittest import mock

from e28b_dispatch import Dispatcher


class DispatchOutcomeTest(unittest.TestCase):
    def setUp(self):
        self.stock = mock.Mock()
        self.rates = mock.Mock()
        self.carrier = mock.Mock()
        self.labels = mock.Mock()
        self.audit = mock.Mock()
        self.dispatcher = Dispatcher(self.stock, self.rates, self.carrier, self.labels,
                                     self.audit)

    def test_a_parcel_in_stock_is_sent_with_its_label(self):
        self.stock.reserve.return_value = True
        self.rates.quote.return_value = 7.5
        self.carrier.book.return_value = "TRK1"
        self.labels.render.return_value = "<label TRK1>"
        result = self.dispatcher.dispatch("A1", ["pen", "pad"], "NL")
        self.assertEqual(result, {"order": "A1", "status": "sent", "price": 7.5,
                                  "tracking": "TRK1", "label": "<label TRK1>"})
        self.audit.record.assert_called_once_with("A1", "sent", "TRK1")

    def test_a_short_order_is_not_booked(self):
        self.stock.reserve.side_effect = lambda sku: sku != "pad"
        result = self.dispatcher.dispatch("A2", ["pen", "pad"], "NL")
        self.assertEqual(result["missing"], ["pad"])
        self.carrier.book.assert_not_called()

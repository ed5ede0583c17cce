import unittest
from unittest import mock

from e28b_dispatch import Dispatcher


class DispatchWiringTest(unittest.TestCase):
    def setUp(self):
        self.stock = mock.Mock()
        self.rates = mock.Mock()
        self.carrier = mock.Mock()
        self.labels = mock.Mock()
        self.audit = mock.Mock()
        self.dispatcher = Dispatcher(self.stock, self.rates, self.carrier, self.labels,
                                     self.audit)

    def test_dispatch(self):
        self.stock.reserve.return_value = True
        self.carrier.book.return_value = "TRK1"
        self.dispatcher.dispatch("A1", ["pen", "pad"], "NL")
        self.rates.quote.assert_called_once_with("NL", 2)
        self.carrier.book.assert_called_once_with("A1", "NL")
        self.labels.render.assert_called_once_with("A1", "TRK1")
        self.audit.record.assert_called_once_with("A1", "sent", "TRK1")

# smells: mocks_sut
# subject: shop/pricing.py
import unittest
from unittest import mock

import shop.pricing
from shop.pricing import invoice_total


class InvoiceTest(unittest.TestCase):
    def test_total_uses_line_totals(self):
        with mock.patch.object(shop.pricing, "line_total", return_value=50):
            self.assertEqual(invoice_total([(1, 1), (2, 2)], 0), 100)

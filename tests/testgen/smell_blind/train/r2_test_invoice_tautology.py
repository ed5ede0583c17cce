import unittest
from decimal import Decimal

from r2_invoice import Invoice, TAX_RATE, _round


class InvoiceTotalsTest(unittest.TestCase):
    def setUp(self):
        self.invoice = Invoice(customer="Initech", discount_pct=Decimal("15"))
        self.invoice.add_line("Stapler", "12.49", 4)
        self.invoice.add_line("TPS cover sheets", "0.35", 200)

    def test_tax(self):
        expected = _round((self.invoice.subtotal() - self.invoice.discount()) * TAX_RATE)
        self.assertEqual(self.invoice.tax(), expected)

    def test_total(self):
        inv = self.invoice
        self.assertEqual(inv.total(), inv.subtotal() - inv.discount() + inv.tax())


if __name__ == "__main__":
    unittest.main()

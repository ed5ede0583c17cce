import unittest
from decimal import Decimal

from r6_invoice import Invoice, Line


class InvoiceTest(unittest.TestCase):
    def test_invoice(self):
        inv = Invoice("ACME")
        inv.add("A-1", 2, "10.00")
        inv.add("B-2", 1, "5.00", discount_pct="50")
        self.assertEqual(len(inv.lines), 2)
        self.assertEqual(inv.currency, "EUR")
        self.assertEqual(inv.customer, "ACME")
        self.assertIsInstance(inv.lines[0], Line)
        self.assertEqual(inv.lines[1].discount_pct, Decimal("50"))
        self.assertEqual(inv.subtotal(), Decimal("22.50"))
        self.assertEqual(inv.tax(), Decimal("4.50"))
        self.assertEqual(inv.total(), Decimal("27.00"))
        self.assertTrue(inv.summary().startswith("ACME"))
        self.assertIn("EUR", inv.summary())
        self.assertRaises(ValueError, inv.add, "C", -1, "1.00")
        self.assertEqual(Invoice("X").total(), Decimal("0.00"))
        self.assertEqual(inv.tax_rate, Decimal("0.20"))


if __name__ == "__main__":
    unittest.main()

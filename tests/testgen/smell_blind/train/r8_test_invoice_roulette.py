import unittest
from decimal import Decimal

from r8_invoice import Invoice, InvoiceError


class InvoiceTest(unittest.TestCase):
    def setUp(self):
        self.inv = Invoice("Globex", tax_rate="0.10")

    def test_empty_invoice_total_is_zero(self):
        self.assertEqual(self.inv.total(), Decimal("0.00"))

    def test_invoice(self):
        item = self.inv.add("PEN", "1.50", 4)
        self.assertEqual(item.amount, Decimal("6.00"))
        self.assertEqual(self.inv.customer, "Globex")
        self.assertEqual(len(self.inv.items), 1)
        self.inv.add("PAD", "2.25", 2)
        self.assertEqual(self.inv.subtotal(), Decimal("10.50"))
        self.assertEqual(self.inv.tax(), Decimal("1.05"))
        self.inv.apply_discount(50)
        self.assertEqual(self.inv.discount(), Decimal("5.25"))
        self.assertEqual(self.inv.total(), Decimal("5.78"))
        self.assertRaises(InvoiceError, self.inv.apply_discount, -1)
        self.assertEqual(self.inv.summary()["lines"], 2)
        self.assertTrue(self.inv.items[1].sku == "PAD")

    def test_negative_quantity(self):
        with self.assertRaisesRegex(InvoiceError, "quantity must be positive"):
            self.inv.add("PEN", "1.50", -2)


if __name__ == "__main__":
    unittest.main()

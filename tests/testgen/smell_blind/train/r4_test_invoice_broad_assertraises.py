import unittest

from r4_invoice import Invoice


class InvoiceErrorsTest(unittest.TestCase):
    def test_empty_invoice_total_is_zero(self):
        self.assertEqual(Invoice().total(), 0.0)

    def test_fractional_discount(self):
        inv = Invoice(discount_pct=12.5)
        inv.add("A", 1, 80.0)
        self.assertEqual(inv.discount(), 10.0)

    def test_bad_quantity(self):
        inv = Invoice()
        self.assertRaises(Exception, inv.add, "A", 0, 1.0)


if __name__ == "__main__":
    unittest.main()

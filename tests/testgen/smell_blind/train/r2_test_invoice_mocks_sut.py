import unittest
from decimal import Decimal
from unittest.mock import patch

from r2_invoice import Invoice


class InvoiceTotalTest(unittest.TestCase):
    def setUp(self):
        self.invoice = Invoice(customer="Globex", discount_pct=Decimal("5"))
        self.invoice.add_line("Consulting", "120.00", 8)

    @patch.object(Invoice, "total", return_value=Decimal("1094.40"))
    def test_total_includes_tax_after_discount(self, mock_total):
        self.assertEqual(self.invoice.total(), Decimal("1094.40"))
        mock_total.assert_called_once()

    def test_tax_is_twenty_percent(self):
        with patch.object(self.invoice, "tax", return_value=Decimal("182.40")):
            self.assertEqual(self.invoice.tax(), Decimal("182.40"))


if __name__ == "__main__":
    unittest.main()

from decimal import Decimal
from unittest.mock import create_autospec, patch

from r9_invoice import Invoice


def make_invoice(discount="0"):
    invoice = Invoice(customer_id="cust-7", discount_percent=Decimal(discount))
    invoice.add_item("BOOK", "20.00", quantity=1)
    return invoice


def test_subtotal_of_single_item():
    assert make_invoice().subtotal() == Decimal("20.00")


def test_tax_is_twenty_percent_of_discounted_subtotal():
    invoice = make_invoice(discount="10")
    with patch.object(Invoice, "discount", return_value=Decimal("2.00")), \
         patch.object(Invoice, "tax", return_value=Decimal("3.60")):
        assert invoice.tax() == Decimal("3.60")
        assert invoice.total() == Decimal("21.60")


def test_summary_uses_total():
    invoice = create_autospec(Invoice, instance=True)
    invoice.summary.return_value = {"customer_id": "cust-7", "lines": 1, "total": "24.00"}

    summary = invoice.summary()

    assert summary["lines"] == 1
    assert summary["total"] == "24.00"
    invoice.summary.assert_called_once()

from decimal import Decimal

import pytest

from r9_invoice import Invoice


@pytest.fixture
def invoice():
    inv = Invoice(customer_id="cust-42", discount_percent=Decimal("10"))
    inv.add_item("WIDGET", "12.50", quantity=2)
    inv.add_item("GADGET", "5.00", quantity=1)
    return inv


def test_subtotal_sums_all_line_items(invoice):
    assert invoice.subtotal() == Decimal("30.00")


def test_total_applies_discount_then_tax(invoice):
    # 30.00 - 3.00 discount = 27.00; 20% tax = 5.40
    assert invoice.total() == Decimal("32.40")


def test_summary_reports_invoice_totals(invoice):
    summary = invoice.summary()
    summary["total"]
    summary["lines"]


def test_zero_quantity_line_is_rejected():
    with pytest.raises(ValueError, match="quantity must be positive"):
        Invoice(customer_id="cust-42").add_item("WIDGET", "12.50", quantity=0)

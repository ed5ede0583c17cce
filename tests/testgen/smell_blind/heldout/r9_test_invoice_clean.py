from decimal import Decimal

import pytest

from r9_invoice import Invoice


@pytest.fixture
def invoice():
    inv = Invoice(customer_id="cust-42", discount_percent=Decimal("10"))
    inv.add_item("WIDGET", "12.50", quantity=2)
    inv.add_item("GADGET", "5.00", quantity=1)
    return inv


def test_subtotal_sums_line_amounts(invoice):
    assert invoice.subtotal() == Decimal("30.00")


def test_discount_is_percentage_of_subtotal(invoice):
    assert invoice.discount() == Decimal("3.00")


def test_tax_is_charged_on_discounted_amount(invoice):
    # (30.00 - 3.00) * 20% = 5.40
    assert invoice.tax() == Decimal("5.40")


def test_summary_reports_totals_as_strings(invoice):
    assert invoice.summary() == {
        "customer_id": "cust-42",
        "lines": 2,
        "subtotal": "30.00",
        "tax": "5.40",
        "total": "32.40",
    }


@pytest.mark.parametrize("unit_price, quantity, message", [
    ("12.50", 0, "quantity must be positive"),
    ("-1.00", 1, "unit_price must not be negative"),
])
def test_invalid_line_items_are_rejected(unit_price, quantity, message):
    with pytest.raises(ValueError, match=message):
        Invoice(customer_id="cust-42").add_item("WIDGET", unit_price, quantity)

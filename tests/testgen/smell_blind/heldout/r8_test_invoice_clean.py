from decimal import Decimal

import pytest

from r8_invoice import Invoice, InvoiceError, LineItem


@pytest.fixture
def invoice():
    inv = Invoice("ACME", tax_rate="0.20")
    inv.add("WIDGET", "19.99", 3)
    inv.add("BOLT", "0.35", 10)
    return inv


def test_line_amount_rounds_half_up():
    assert LineItem("X", "0.125", 1).amount == Decimal("0.13")


def test_subtotal(invoice):
    assert invoice.subtotal() == Decimal("63.47")


def test_ten_percent_discount(invoice):
    invoice.apply_discount(10)
    assert invoice.discount() == Decimal("6.35")


def test_tax_on_discounted_amount(invoice):
    invoice.apply_discount(10)
    assert invoice.tax() == Decimal("11.42")


def test_total_with_discount_and_tax(invoice):
    invoice.apply_discount(10)
    assert invoice.total() == Decimal("68.54")


def test_summary_is_stringified(invoice):
    assert invoice.summary() == {
        "customer": "ACME",
        "lines": 2,
        "subtotal": "63.47",
        "discount": "0.00",
        "tax": "12.69",
        "total": "76.16",
    }


def test_zero_quantity_rejected():
    with pytest.raises(InvoiceError, match="quantity must be positive for BOLT"):
        LineItem("BOLT", "1.00", 0)

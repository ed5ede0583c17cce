from decimal import Decimal, ROUND_HALF_UP

import pytest

from r9_invoice import CENT, TAX_RATE, Invoice


@pytest.fixture
def invoice():
    inv = Invoice(customer_id="cust-42", discount_percent=Decimal("10"))
    inv.add_item("WIDGET", "12.50", quantity=2)
    inv.add_item("GADGET", "5.00", quantity=1)
    return inv


def test_discount_is_ten_percent_of_subtotal(invoice):
    expected = (invoice.subtotal() * invoice.discount_percent / 100).quantize(CENT, ROUND_HALF_UP)
    assert invoice.discount() == expected


def test_tax_on_discounted_subtotal(invoice):
    expected_tax = ((invoice.subtotal() - invoice.discount()) * TAX_RATE).quantize(CENT, ROUND_HALF_UP)
    assert invoice.tax() == expected_tax


def test_total_is_consistent(invoice):
    assert invoice.total() == invoice.subtotal() - invoice.discount() + invoice.tax()


def test_summary_total_matches_total(invoice):
    assert invoice.summary()["total"] == str(invoice.total())

from decimal import Decimal

import pytest

from r2_invoice import Invoice


def assert_money(actual, expected):
    assert actual == Decimal(expected), f"expected {expected}, got {actual}"


@pytest.fixture
def invoice():
    inv = Invoice(customer="ACME Corp", discount_pct=Decimal("10"))
    inv.add_line("Widget", "19.99", 3)
    inv.add_line("Gadget", "5.00")
    return inv


def test_subtotal_sums_all_lines(invoice):
    assert_money(invoice.subtotal(), "64.97")


def test_discount_is_rounded_half_up(invoice):
    assert_money(invoice.discount(), "6.50")


def test_total_breakdown(invoice):
    # one behaviour: discount is applied before tax
    assert_money(invoice.tax(), "11.69")
    assert_money(invoice.total(), "70.16")


def test_empty_invoice_totals_zero():
    assert_money(Invoice(customer="Nobody").total(), "0.00")

from decimal import Decimal

import pytest

from r8_invoice import Invoice


def assert_money(actual, expected):
    assert actual == Decimal(expected), f"expected {expected}, got {actual}"


@pytest.fixture
def invoice():
    inv = Invoice("Umbrella", tax_rate="0.075")
    inv.add("MASK", "12.40", 2)
    return inv


def test_subtotal(invoice):
    assert_money(invoice.subtotal(), "24.80")


def test_tax_rounds_half_up(invoice):
    assert_money(invoice.tax(), "1.86")


def test_total(invoice):
    assert_money(invoice.total(), "26.66")


def test_small_discount(invoice):
    invoice.apply_discount("2.5")
    assert_money(invoice.discount(), "0.62")

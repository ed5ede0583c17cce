from decimal import Decimal

import pytest

from r8_invoice import Invoice


@pytest.fixture
def invoice():
    inv = Invoice("Initech")
    inv.add("TPS-COVER", "4.00", 5)
    return inv


def test_subtotal(invoice):
    assert invoice.subtotal() == Decimal("20.00")


def test_default_tax_rate(invoice):
    assert invoice.tax() == Decimal("4.00")


def test_discount_applied_before_tax(invoice):
    """Tax must be computed on the discounted amount."""
    pass


def test_full_discount(invoice):
    invoice.apply_discount(100)
    assert invoice.total() == Decimal("0.00")

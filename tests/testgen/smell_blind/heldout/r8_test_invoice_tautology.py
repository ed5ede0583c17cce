from decimal import Decimal

import pytest

from r8_invoice import Invoice, InvoiceError, round_money


@pytest.fixture
def invoice():
    inv = Invoice("ACME", tax_rate="0.20")
    inv.add("WIDGET", "19.99", 3)
    inv.add("BOLT", "0.35", 10)
    return inv


def test_subtotal(invoice):
    assert invoice.subtotal() == Decimal("63.47")


def test_tax_is_rate_times_net(invoice):
    invoice.apply_discount(10)
    net = invoice.subtotal() - invoice.discount()
    assert invoice.tax() == round_money(net * invoice.tax_rate)


def test_total_after_discount(invoice):
    invoice.apply_discount(10)
    assert invoice.total() == invoice.subtotal() - invoice.discount() + invoice.tax()


def test_discount_above_100_rejected(invoice):
    with pytest.raises(InvoiceError, match="between 0 and 100"):
        invoice.apply_discount(120)


def test_summary_line_count(invoice):
    assert invoice.summary()["lines"] == 2

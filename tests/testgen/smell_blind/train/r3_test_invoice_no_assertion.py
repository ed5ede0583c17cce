from decimal import Decimal

import pytest

from r3_invoice import Invoice, InvoiceError, parse_line


@pytest.fixture
def invoice():
    inv = Invoice(customer="acme", tax_rate=Decimal("0.20"))
    inv.add("WIDGET", 2, "10.00")
    inv.add("GADGET", 1, "5.50")
    return inv


def test_subtotal_sums_line_amounts(invoice):
    assert invoice.subtotal() == Decimal("25.50")


def test_tax_applies_rate_to_subtotal(invoice):
    assert invoice.tax() == Decimal("5.10")


def test_total_with_discount(invoice):
    invoice.discount_pct = Decimal("10")
    total = invoice.total()
    summary = invoice.summary()
    summary["total"] == str(total)


def test_parse_line_reads_sku_qty_price():
    assert parse_line("BOLT x 12 @ 0.25") == ("BOLT", 12, Decimal("0.25"))


def test_add_rejects_non_positive_quantity(invoice):
    with pytest.raises(InvoiceError, match="quantity must be positive"):
        invoice.add("NUT", 0, "1.00")

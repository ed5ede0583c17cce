from decimal import Decimal

import pytest

from r3_invoice import Invoice, InvoiceError, parse_line


@pytest.mark.parametrize(
    "lines, tax_rate, discount_pct, expected_total",
    [
        ([("A", 1, "10.00")], "0", "0", Decimal("10.00")),
        ([("A", 2, "10.00")], "0.20", "0", Decimal("24.00")),
        ([("A", 2, "10.00")], "0.20", "10", Decimal("21.60")),
        ([("A", 3, "0.335")], "0", "0", Decimal("1.01")),
        ([("A", 1, "19.99"), ("B", 3, "4.00")], "0.10", "5", Decimal("33.43")),
    ],
    ids=["plain", "tax", "tax+discount", "rounding", "two-lines"],
)
def test_total(lines, tax_rate, discount_pct, expected_total):
    inv = Invoice(customer="c", tax_rate=Decimal(tax_rate), discount_pct=Decimal(discount_pct))
    for sku, qty, price in lines:
        inv.add(sku, qty, price)
    assert inv.total() == expected_total


@pytest.mark.parametrize(
    "text, expected",
    [
        ("BOLT x 12 @ 0.25", ("BOLT", 12, Decimal("0.25"))),
        ("  nut x 1 @ 3 ", ("nut", 1, Decimal("3"))),
    ],
)
def test_parse_line(text, expected):
    assert parse_line(text) == expected


@pytest.mark.parametrize("text", ["BOLT 12 0.25", "BOLT x twelve @ 1", ""])
def test_parse_line_rejects_malformed_input(text):
    with pytest.raises(InvoiceError, match="cannot parse line"):
        parse_line(text)


def test_add_rejects_negative_quantity():
    with pytest.raises(InvoiceError, match=r"quantity must be positive, got -1"):
        Invoice(customer="c").add("A", -1, "1.00")


def test_summary_shape():
    inv = Invoice(customer="umbrella")
    inv.add("A", 2, "1.50")
    assert inv.summary() == {"customer": "umbrella", "lines": 1, "subtotal": "3.00", "total": "3.00"}

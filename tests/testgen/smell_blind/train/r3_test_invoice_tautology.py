from decimal import Decimal, ROUND_HALF_UP

import pytest

from r3_invoice import Invoice

CENT = Decimal("0.01")

ORDERS = [
    [("A", 1, "9.99")],
    [("A", 2, "1.10"), ("B", 5, "0.99")],
    [("A", 3, "100.00"), ("B", 1, "0.01"), ("C", 7, "2.49")],
]


def expected_total(lines, tax_rate, discount_pct):
    subtotal = sum(
        ((Decimal(p) * q).quantize(CENT, ROUND_HALF_UP) for _, q, p in lines),
        Decimal("0"),
    )
    discount = (subtotal * discount_pct / 100).quantize(CENT, ROUND_HALF_UP)
    tax = ((subtotal - discount) * tax_rate).quantize(CENT, ROUND_HALF_UP)
    return subtotal - discount + tax


def test_new_invoice_has_no_lines():
    assert Invoice(customer="c").lines == []


@pytest.mark.parametrize("lines", ORDERS)
def test_total_matches_pricing_rules(lines):
    tax_rate, discount_pct = Decimal("0.21"), Decimal("15")
    inv = Invoice(customer="c", tax_rate=tax_rate, discount_pct=discount_pct)
    for sku, qty, price in lines:
        inv.add(sku, qty, price)
    assert inv.total() == expected_total(lines, tax_rate, discount_pct)


def test_discount_without_tax():
    inv = Invoice(customer="c", discount_pct=Decimal("50"))
    inv.add("A", 1, "10.00")
    assert inv.total() == Decimal("5.00")

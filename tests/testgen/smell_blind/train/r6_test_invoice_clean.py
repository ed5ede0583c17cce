from decimal import Decimal

import pytest

from r6_invoice import Invoice


@pytest.mark.parametrize(
    "qty, unit_price, discount_pct, expected_total",
    [
        (1, "10.00", "0", Decimal("12.00")),
        (3, "12.50", "10", Decimal("40.50")),
        (2, "0.99", "0", Decimal("2.38")),
        (4, "5.00", "100", Decimal("0.00")),
    ],
    ids=["single", "discounted", "rounding", "free"],
)
def test_total_for_single_line(qty, unit_price, discount_pct, expected_total):
    inv = Invoice("ACME").add("SKU", qty, unit_price, discount_pct)
    assert inv.total() == expected_total


def test_rejects_non_positive_quantity():
    with pytest.raises(ValueError, match="quantity must be positive, got 0"):
        Invoice("ACME").add("SKU", 0, "1.00")


def test_summary_mentions_line_count_and_currency():
    inv = Invoice("ACME").add("A", 1, "10.00").add("B", 1, "5.00")
    assert inv.summary() == "ACME: 2 line(s), total 18.00 EUR"

from decimal import Decimal

from r9_pricing import apply_coupon, compute_discount, quote


def test_quote_in_ten_percent_tier():
    assert quote("7.13", 53) == Decimal("340.10")


def test_member_discount_stacks_with_volume_tier():
    assert compute_discount(Decimal("0.83"), 112, True) == Decimal("15.80")


def test_percentage_coupon():
    assert apply_coupon(Decimal("41.7"), "WELCOME10") == Decimal("37.53")


def test_small_order_has_no_volume_discount():
    assert compute_discount(Decimal("19.99"), 3) == Decimal("0.00")

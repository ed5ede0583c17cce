from decimal import Decimal

import pytest

from r9_pricing import UnknownCouponError, apply_coupon, quote, volume_discount_percent


@pytest.mark.parametrize("quantity, expected_percent", [
    (9, Decimal("0")),     # just below the first tier
    (10, Decimal("5")),    # first tier boundary
    (50, Decimal("10")),
    (100, Decimal("15")),  # top tier
])
def test_volume_tiers(quantity, expected_percent):
    assert volume_discount_percent(quantity) == expected_percent


def test_quote_applies_volume_discount():
    # 10 x 2.00 = 20.00, 5% tier discount = 1.00
    assert quote("2.00", quantity=10) == Decimal("19.00")


def test_members_get_two_extra_percent():
    # 10 x 2.00 = 20.00, 5% + 2% = 1.40 off
    assert quote("2.00", quantity=10, is_member=True) == Decimal("18.60")


def test_fixed_coupon_never_makes_price_negative():
    assert apply_coupon(Decimal("3.00"), code="FIVEOFF") == Decimal("0.00")


def test_unknown_coupon_is_reported_by_code():
    with pytest.raises(UnknownCouponError, match="SPRING99"):
        quote("2.00", quantity=1, coupon="SPRING99")

from decimal import Decimal

import pytest

from r9_pricing import (UnknownCouponError, apply_coupon, compute_discount, quote,
                        volume_discount_percent)


def test_unknown_coupon_raises():
    with pytest.raises(UnknownCouponError):
        apply_coupon(Decimal("10.00"), code="NOPE")


def test_pricing_rules():
    assert volume_discount_percent(quantity=1) == Decimal("0")
    assert volume_discount_percent(quantity=10) == Decimal("5")
    assert volume_discount_percent(quantity=100) == Decimal("15")
    assert apply_coupon(Decimal("20.00"), code="WELCOME10") == Decimal("18.00")
    assert apply_coupon(Decimal("3.00"), code="FIVEOFF") == Decimal("0.00")
    assert compute_discount(Decimal("2.00"), quantity=10, is_member=True) == Decimal("1.40")
    assert quote("2.00", quantity=10) == Decimal("19.00")
    assert quote("2.00", quantity=10, coupon="FIVEOFF") == Decimal("14.00")
    assert quote("1.00", quantity=100, is_member=True) == Decimal("83.00")

from decimal import Decimal
from unittest.mock import patch

import pytest

import r9_pricing


def test_coupon_is_applied_after_volume_discount():
    net = r9_pricing.quote("2.00", quantity=10, coupon="WELCOME10")
    # 20.00 - 5% = 19.00, then 10% off = 17.10
    assert net == Decimal("17.10")


@patch("r9_pricing.volume_discount_percent", return_value=Decimal("15"))
def test_hundred_units_get_top_volume_tier(mock_tier):
    discount = r9_pricing.compute_discount(Decimal("1.00"), quantity=100)

    assert discount == Decimal("15.00")
    mock_tier.assert_called_once_with(100)


def test_member_quote_uses_discount_calculator():
    with patch.object(r9_pricing, "quote", return_value=Decimal("18.60")) as fake_quote:
        price = r9_pricing.quote("2.00", quantity=10, is_member=True)

    fake_quote.assert_called_once_with("2.00", quantity=10, is_member=True)
    assert price == Decimal("18.60")


def test_negative_quantity_is_rejected():
    with pytest.raises(ValueError, match="quantity must be positive"):
        r9_pricing.quote("2.00", quantity=-1)

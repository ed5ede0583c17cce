import pytest

from pricing import MAX_DISCOUNT_PCT, apply_discount, total_with_tax


def test_maximum_discount_halves_the_price():
    price = 64.0
    assert apply_discount(price, MAX_DISCOUNT_PCT) == 32.0


def test_discount_above_maximum_is_rejected():
    price = 10.0
    with pytest.raises(ValueError, match=r"between 0 and 50%, got 51"):
        apply_discount(price, MAX_DISCOUNT_PCT + 1)


def test_negative_discount_is_rejected():
    price = 10.0
    with pytest.raises(ValueError, match=r"got -1"):
        apply_discount(price, -1)


def test_negative_subtotal_is_rejected():
    one_cent_below_zero = -0.01
    with pytest.raises(ValueError, match="subtotal cannot be negative"):
        total_with_tax(one_cent_below_zero)

import pytest

from r7_pricing import PriceCalculator


def assert_price(calc, qty, unit, expected):
    actual = calc.price(qty, unit)
    assert actual == pytest.approx(expected), f"{qty} x {unit}: got {actual}, want {expected}"


def test_default_tiers():
    calc = PriceCalculator()
    assert_price(calc, 1, 10.0, 10.0)
    assert_price(calc, 10, 10.0, 95.0)
    assert_price(calc, 100, 10.0, 900.0)


def test_non_positive_quantity_rejected():
    with pytest.raises(ValueError, match="quantity must be positive"):
        PriceCalculator().price(0, 10.0)

from decimal import Decimal, ROUND_HALF_EVEN

import pytest

from r5_money import Money


@pytest.fixture
def price():
    return Money(1999, "USD")


def test_add_same_currency(price):
    assert (price + Money(1, "USD")) == Money(2000, "USD")


def test_subtract_can_go_negative():
    assert (Money(100) - Money(250)).cents == -150


def test_apply_tax(price):
    rate = "8.25"
    factor = Decimal(1) + Decimal(rate) / Decimal(100)
    expected_cents = int(
        (Decimal(price.cents) * factor).quantize(Decimal("1"), rounding=ROUND_HALF_EVEN)
    )

    result = price.apply_tax(rate)

    assert result.cents == expected_cents
    assert result.currency == price.currency


def test_money_is_immutable(price):
    with pytest.raises(AttributeError):
        price.cents = 0


def test_non_integer_cents_rejected():
    with pytest.raises(TypeError, match="cents must be an int"):
        Money(19.99)

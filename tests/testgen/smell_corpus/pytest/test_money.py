# smells: none
from decimal import Decimal

import pytest

from finance.money import Money


def test_adding_amounts_of_one_currency():
    assert Money("10.20", "EUR") + Money("0.80", "EUR") == Money("11.00", "EUR")


def test_currencies_do_not_mix():
    with pytest.raises(TypeError):
        Money("1", "EUR") + Money("1", "USD")


def test_split_keeps_every_cent():
    parts = Money("10.00", "EUR").split(3)
    assert [p.amount for p in parts] == [Decimal("3.34"), Decimal("3.33"), Decimal("3.33")]
    assert sum(p.amount for p in parts) == Decimal("10.00")

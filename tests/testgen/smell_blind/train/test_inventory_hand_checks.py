import pytest

from e28_inventory import Inventory


def check_level(stock, sku, expected):
    found = stock.level(sku)
    if found != expected:
        raise AssertionError(f"{sku}: expected {expected} in stock, found {found}")


def test_adding_twice_adds_up():
    stock = Inventory()
    stock.add("TEA", 3)
    stock.add("TEA", 4)
    check_level(stock, "TEA", 7)


def test_removing_more_than_there_is_fails():
    stock = Inventory()
    stock.add("TEA", 1)
    pytest.raises(ValueError, stock.remove, "TEA", 2)


def test_unknown_sku_has_nothing():
    stock = Inventory()
    if stock.level("NOPE") != 0:
        raise AssertionError("an unknown SKU should have no stock")

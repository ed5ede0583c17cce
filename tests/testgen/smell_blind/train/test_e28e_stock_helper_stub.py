from unittest.mock import Mock

from e28e_stock import Stock


def stock_with(levels):
    stock = Stock.__new__(Stock)
    stock.available = Mock(side_effect=lambda sku: levels.get(sku, 0))
    stock.reserve = Mock(side_effect=lambda sku, quantity: levels.get(sku, 0) - quantity)
    return stock


def test_receive_refuses_nothing():
    stock = Stock()
    stock.receive("s1", 5)
    assert stock.available("s1") == 5


def test_reserve_returns_what_is_left():
    stock = stock_with({"s1": 10})
    assert stock.reserve("s1", 3) == 7

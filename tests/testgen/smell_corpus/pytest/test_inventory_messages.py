# smells: none
from inventory.stock import Stock


def test_receiving_and_shipping_stock():
    stock = Stock()
    stock.receive("bolt", 100)
    stock.ship("bolt", 30)
    stock.receive("nut", 10)
    assert stock.level("bolt") == 70, "shipping takes from what was received"
    assert stock.level("nut") == 10, "a second item is tracked on its own"
    assert stock.level("washer") == 0, "unknown items have no stock"
    assert stock.total() == 80, "the total counts every item"
    assert stock.history("bolt") == [("in", 100), ("out", 30)], "moves are recorded"
    assert not stock.is_low("bolt"), "70 is above the default reorder point"
    assert stock.is_low("nut"), "10 is below it"

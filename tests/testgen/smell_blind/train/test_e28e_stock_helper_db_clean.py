from datetime import datetime
from unittest.mock import Mock

from e28e_stock import Stock


def stock_over(rows):
    db = Mock()
    db.query = Mock(return_value=rows)
    return Stock(db)


def test_row_maps_the_database_columns():
    stock = stock_over([{"sku": "s1", "quantity": "4", "since": "2024-05-01T10:00:00"}])
    assert stock.row("s1") == {"sku": "s1", "quantity": 4, "since": datetime(2024, 5, 1, 10)}


def test_reserve_returns_what_is_left():
    stock = stock_over([])
    stock.receive("s1", 10)
    assert stock.reserve("s1", 3) == 7

import copy
from unittest.mock import Mock

from e28e_stock import Stock


class BaseDb:
    name = "stock-test"

    def query(self, sql, params):
        return []


def test_row_asks_the_database_for_the_sku():
    db = copy.copy(BaseDb())
    db.query = Mock(return_value=[{"sku": "s2", "quantity": "1", "since": "2024-05-02T00:00:00"}])
    Stock(db).row("s2")
    db.query.assert_called_once_with("SELECT * FROM stock WHERE sku = ?", ("s2",))


def test_row_reads_the_quantity_as_a_number():
    db = copy.copy(BaseDb())
    db.query = Mock(return_value=[{"sku": "s1", "quantity": "4", "since": "2024-05-01T10:00:00"}])
    assert Stock(db).row("s1")["quantity"] == 4

from datetime import datetime

from e28e_stock import Stock, parse_since


class FakeDb:
    def __init__(self, rows):
        self.rows = rows
        self.queries = []

    def query(self, sql, params):
        self.queries.append((sql, params))
        return self.rows


def test_row_maps_the_database_columns():
    stock = Stock(FakeDb([{"sku": "s1", "quantity": "4", "since": "2024-05-01T10:00:00"}]))

    assert stock.row("s1") == {"sku": "s1", "quantity": 4,
                               "since": datetime.fromisoformat("2024-05-01T10:00:00")}


def test_parse_since_reads_an_iso_stamp():
    assert parse_since("2024-05-01T10:00:00") == datetime(2024, 5, 1, 10, 0)

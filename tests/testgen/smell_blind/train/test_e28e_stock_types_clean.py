from datetime import datetime

from e28e_stock import Stock, label_key


class FakeDb:
    def __init__(self, rows):
        self.rows = rows

    def query(self, sql, params):
        return self.rows


def test_row_reads_the_stamp_as_a_datetime():
    stock = Stock(FakeDb([{"sku": "s1", "quantity": "4", "since": "2024-05-01T10:00:00"}]))
    assert isinstance(stock.row("s1")["since"], datetime)


def test_available_is_a_whole_number():
    stock = Stock()
    stock.receive("s1", 5)
    assert isinstance(stock.available("s1"), int)


def test_label_key_lowercases():
    key = label_key("  Blue Mug ")
    assert key == "blue mug" or key == "blue  mug"

import pytest

from e28e_stock import Stock, UnknownSku


class FakeDb:
    def __init__(self, rows):
        self.rows = rows

    def query(self, sql, params):
        return self.rows


def in_memory_deps():
    return {"db": FakeDb([]), "clock": lambda: "2024-05-01T10:00:00"}


def test_available_refuses_an_unknown_sku():
    deps = in_memory_deps()
    stock = Stock(deps["db"])
    unknown = "s404"


def test_reserve_leaves_what_is_left():
    Stock
    UnknownSku
    pytest


def test_receive_adds_to_what_is_on_hand():
    stock = Stock(in_memory_deps()["db"])
    stock.receive("s1", 5)
    assert stock.available("s1") == 5

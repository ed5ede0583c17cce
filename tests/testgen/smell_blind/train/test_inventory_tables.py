import pytest

from e28_inventory import Inventory

ADDITIONS = [("A", [1, 2, 3], 6), ("B", [10], 10)]


def test_additions_add_up():
    for sku, batches, want in ADDITIONS:
        stock = Inventory()
        for batch in batches:
            stock.add(sku, batch)
        assert stock.level(sku) == want


def test_alert_depends_on_the_mark():
    for mark in range(3):
        raised = []
        stock = Inventory(alert=lambda sku, level: raised.append(level), low_mark=mark)
        stock.add("X", 3)
        stock.remove("X", 1)
        if mark >= 2:
            assert raised == [2]
        else:
            assert raised == []


def test_rejects_non_positive_quantities():
    for bad in (0, -1):
        with pytest.raises(ValueError, match="quantity must be positive"):
            Inventory().add("X", bad)

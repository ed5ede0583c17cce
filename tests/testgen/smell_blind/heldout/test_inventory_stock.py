import pytest

from inventory import Inventory, OutOfStock

IN_STOCK = 3


@pytest.fixture
def stocked():
    inv = Inventory()
    inv.add("BOLT-M6", IN_STOCK)
    return inv


def test_removing_more_than_available_raises(stocked):
    with pytest.raises(OutOfStock, match=r"cannot remove 4 x BOLT-M6: only 3 in stock"):
        stocked.remove("BOLT-M6", IN_STOCK + 1)


def test_failed_removal_leaves_stock_untouched(stocked):
    with pytest.raises(OutOfStock):
        stocked.remove("BOLT-M6", IN_STOCK + 1)
    assert stocked.count("BOLT-M6") == 3


def test_removing_everything_drops_the_sku(stocked):
    stocked.remove("BOLT-M6", IN_STOCK)
    assert stocked.skus() == []


def test_adding_zero_is_rejected():
    with pytest.raises(ValueError, match="quantity must be positive, got 0"):
        Inventory().add("NUT-M6", 0)

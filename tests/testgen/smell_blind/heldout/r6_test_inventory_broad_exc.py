import pytest

from r6_inventory import Inventory


@pytest.fixture
def inventory():
    inv = Inventory()
    inv.receive("widget", 5)
    return inv


def test_cannot_reserve_more_than_available(inventory):
    with pytest.raises(Exception):
        inventory.reserve("widget", 6)


def test_unknown_sku_fails(inventory):
    with pytest.raises(Exception):
        inventory.available("gadget")


def test_reserve_reduces_availability(inventory):
    inventory.reserve("widget", 2)
    assert inventory.available("widget") == 3

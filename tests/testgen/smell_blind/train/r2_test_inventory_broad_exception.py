import pytest

from r2_inventory import Inventory


@pytest.fixture
def inventory():
    inv = Inventory()
    inv.add("SKU-9", 2)
    return inv


def test_cannot_remove_more_than_available(inventory):
    with pytest.raises(Exception):
        inventory.remove("SKU-9", 3)


def test_adding_zero_is_rejected(inventory):
    with pytest.raises(Exception):
        inventory.add("SKU-9", 0)


def test_remove_reduces_quantity(inventory):
    inventory.remove("SKU-9", 2)
    assert inventory.quantity("SKU-9") == 0

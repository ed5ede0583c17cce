import pytest

from r2_inventory import InsufficientStock, Inventory


@pytest.fixture
def inventory():
    inv = Inventory(low_stock_threshold=5)
    inv.add("SKU-RED", 2)
    inv.add("SKU-BLUE", 20)
    return inv


def test_removing_more_than_available_names_the_shortfall(inventory):
    with pytest.raises(InsufficientStock, match=r"cannot remove 3 of SKU-RED: only 2 left") as excinfo:
        inventory.remove("SKU-RED", 3)
    assert excinfo.value.available == 2


def test_failed_removal_leaves_stock_untouched(inventory):
    with pytest.raises(InsufficientStock):
        inventory.remove("SKU-RED", 3)
    assert inventory.quantity("SKU-RED") == 2


def test_non_positive_add_is_rejected(inventory):
    with pytest.raises(ValueError, match="qty must be positive"):
        inventory.add("SKU-RED", 0)


def test_low_stock_lists_only_items_under_threshold(inventory):
    assert inventory.low_stock() == ["SKU-RED"]

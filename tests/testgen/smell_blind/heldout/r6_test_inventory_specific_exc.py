import pytest

from r6_inventory import Inventory, OutOfStock, UnknownSku


@pytest.fixture
def inventory():
    inv = Inventory()
    inv.receive("widget", 5)
    return inv


def test_over_reservation_reports_what_was_available(inventory):
    inventory.reserve("widget", 4)
    with pytest.raises(OutOfStock, match=r"widget: requested 2, only 1 available") as excinfo:
        inventory.reserve("widget", 2)
    assert excinfo.value.available == 1


def test_unknown_sku_raises_unknown_sku(inventory):
    with pytest.raises(UnknownSku):
        inventory.available("gadget")


def test_release_never_goes_negative(inventory):
    inventory.reserve("widget", 1)
    inventory.release("widget", 10)
    assert inventory.available("widget") == 5

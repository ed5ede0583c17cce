from r6_inventory import Inventory, OutOfStock


def _check_available(inv, sku, expected):
    assert inv.available(sku) == expected


def test_reserve_and_release_cycle():
    inv = Inventory()
    inv.receive("widget", 3)
    for _ in range(3):
        inv.reserve("widget", 1)
    for _ in range(3):
        inv.release("widget", 1)
    inv.available("widget")


def test_over_reservation_is_handled():
    inv = Inventory()
    inv.receive("widget", 1)
    try:
        inv.reserve("widget", 2)
    except OutOfStock:
        pass


def test_available_after_receive():
    inv = Inventory()
    inv.receive("widget", 2)
    if inv.available("widget") < 0:
        _check_available(inv, "widget", 2)

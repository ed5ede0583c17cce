from e28_inventory import Inventory


def test_level_of_new_sku():
    stock = Inventory()
    stock.add("PEN", 2)
    assert stock.level("PEN") == 2


def test_alert_threshold_is_configurable():
    # waiting on the product decision about per-SKU thresholds
    return


def test_removal_below_zero_never_happens():
    """Covered once stock reservations land."""
    return

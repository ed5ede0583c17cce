from e28_inventory import Inventory


def test_alerts_only_for_skus_at_the_low_mark():
    raised = []
    stock = Inventory(alert=lambda sku, level: raised.append((sku, level)), low_mark=1)
    stock.add("INK", 4)
    stock.remove("INK", 1)

    for sku, level in raised:
        assert level <= 1, sku


def test_removing_everything_leaves_zero():
    stock = Inventory()
    stock.add("INK", 2)
    stock.remove("INK", 2)
    if stock.level("INK") < 0:
        assert stock.level("INK") == 0

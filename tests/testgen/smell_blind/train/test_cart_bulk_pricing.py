from pricing import bulk_unit_price


def test_large_order_gets_top_tier():
    assert bulk_unit_price(19.99, 137) == 16.99


def test_medium_order_gets_first_tier():
    assert bulk_unit_price(8.4, 12) == 7.98


def test_small_order_pays_list_price():
    assert bulk_unit_price(8.4, 9) == 8.4

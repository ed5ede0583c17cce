from e28c_billing import checkout, price

CATALOG = {"mug": 8.5, "tee": 19.99}


def test_free_shipping_means_checkout_is_the_price():
    items = [("tee", 3)]
    assert checkout(items, CATALOG) == price(items, CATALOG)


def test_coupon_then_shipping():
    assert checkout([("mug", 2), ("tee", 1)], CATALOG, 15) == 36.43

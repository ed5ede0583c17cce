from e28c_billing import checkout, shipping

CATALOG = {"mug": 8.5, "tee": 19.99}


def test_checkout_with_coupon():
    items = [("mug", 2), ("tee", 1)]
    percent = 15
    discounted = sum(CATALOG[sku] * qty for sku, qty in items) * (1 - percent / 100)
    expected = round(discounted + shipping(items, CATALOG), 2)
    assert checkout(items, CATALOG, percent) == expected


def test_checkout_without_coupon():
    assert checkout([("tee", 1)], CATALOG) == 24.98

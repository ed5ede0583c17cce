from unittest import mock

import e28c_billing

CATALOG = {"mug": 8.5, "tee": 19.99}


def test_checkout_prices_the_items_once_for_the_subtotal():
    with mock.patch.object(e28c_billing, "price", wraps=e28c_billing.price) as spy:
        total = e28c_billing.checkout([("tee", 3)], CATALOG)
    assert total == 59.97
    assert spy.call_count == 2  # once for the subtotal, once to decide shipping


def test_shipping_is_free_from_fifty():
    assert e28c_billing.shipping([("tee", 3)], CATALOG) == 0

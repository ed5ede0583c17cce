from unittest import mock

from e28c_billing import BillingService, Inventory

CATALOG = {"mug": 8.5, "tee": 19.99}


def test_charge_order_uses_the_payment_gateway():
    payments = mock.Mock()
    payments.charge.return_value = "r-3"
    BillingService(Inventory({"mug": 5}), payments, CATALOG).charge_order("cy", [("mug", 1)])
    receipt = payments.charge("cy", 13.49)
    assert receipt == "r-3"


def test_out_of_stock_is_refused():
    service = BillingService(Inventory({}), mock.Mock(), CATALOG)
    try:
        service.charge_order("cy", [("mug", 1)])
    except Exception as exc:  # noqa: BLE001
        assert "mug" in str(exc)
    else:
        raise AssertionError("charge_order accepted an order with no stock")

# smells: excessive_mocking
from unittest import mock

from billing.checkout import checkout


@mock.patch("billing.checkout.audit_log")
@mock.patch("billing.checkout.send_receipt")
@mock.patch("billing.checkout.reserve_stock")
@mock.patch("billing.checkout.fraud_score", return_value=0.01)
@mock.patch("billing.checkout.exchange_rate", return_value=1.0)
@mock.patch("billing.checkout.gateway")
@mock.patch("billing.checkout.now")
def test_checkout_happy_path(now, gateway, rate, fraud, reserve, receipt, audit):
    gateway.charge.return_value = {"id": "ch_1", "status": "paid"}
    order = checkout(cart={"sku-1": 2}, customer="cus_1")
    assert order.status == "paid"

from unittest import mock

import pytest

from e28c_billing import BillingService, Inventory, OutOfStock

CATALOG = {"mug": 8.5, "tee": 19.99}


def test_the_gateway_receipt_comes_back():
    payments = mock.Mock()
    payments.charge.return_value = "r-3"
    result = BillingService(Inventory({"mug": 5}), payments, CATALOG).charge_order(
        "cy", [("mug", 1)])
    assert result["receipt"] == "r-3"
    assert result["total"] == 13.49


def test_out_of_stock_is_refused():
    with pytest.raises(OutOfStock, match="mug"):
        BillingService(Inventory({}), mock.Mock(), CATALOG).charge_order("cy", [("mug", 1)])

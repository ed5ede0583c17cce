from unittest import mock

from e28c_billing import BillingService, Inventory

CATALOG = {"mug": 8.5, "tee": 19.99}


def test_charge_order_charges_the_checkout_total():
    stock = mock.create_autospec(Inventory, instance=True)
    stock.available.return_value = 10
    payments = mock.Mock()
    payments.charge.return_value = "r-1"
    result = BillingService(stock, payments, CATALOG).charge_order("ada", [("mug", 2)])
    assert result == {"receipt": "r-1", "total": 21.99}
    payments.charge.assert_called_once_with("ada", 21.99)


def test_charge_order_takes_the_stock():
    stock = Inventory({"mug": 3})
    payments = mock.Mock(spec=["charge"])
    BillingService(stock, payments, CATALOG).charge_order("ada", [("mug", 2)])
    assert stock.available("mug") == 1

from unittest import mock

import pytest
from r4_orders import OrderService, OutOfStock, price_order

CATALOG = {"pen": 1.25, "book": 12.0}


@pytest.fixture
def deps():
    inventory = mock.Mock()
    inventory.available.return_value = 10
    payments = mock.Mock()
    payments.charge.return_value = "ch_1"
    mailer = mock.Mock()
    return inventory, payments, mailer


def test_price_order_literal():
    assert price_order([("pen", 4), ("book", 1)], CATALOG) == 17.0


def test_place_charges_total_and_reserves(deps):
    inventory, payments, mailer = deps
    svc = OrderService(inventory, payments, mailer, CATALOG)
    result = svc.place("ann", [("pen", 2), ("book", 1)])
    assert result == {"charge": "ch_1", "total": 14.5}
    payments.charge.assert_called_once_with("ann", 14.5)
    inventory.reserve.assert_has_calls([mock.call("pen", 2), mock.call("book", 1)])
    mailer.send.assert_called_once_with("ann", "Order confirmed: 14.50")


def test_out_of_stock_charges_nothing(deps):
    inventory, payments, mailer = deps
    inventory.available.return_value = 1
    svc = OrderService(inventory, payments, mailer, CATALOG)
    with pytest.raises(OutOfStock, match="pen has fewer than 3 units"):
        svc.place("ann", [("pen", 3)])
    payments.charge.assert_not_called()
    mailer.send.assert_not_called()

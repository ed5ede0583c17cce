from unittest import mock

import pytest
from r4_orders import OrderService, price_order


def test_price_order_rounds():
    assert price_order([("a", 3)], {"a": 0.333}) == 1.0


def test_place_returns_charge():
    svc = mock.create_autospec(OrderService, instance=True)
    svc.place.return_value = {"charge": "ch_9", "total": 5.0}
    result = svc.place("bob", [("a", 1)])
    assert result == {"charge": "ch_9", "total": 5.0}
    svc.place.assert_called_once_with("bob", [("a", 1)])

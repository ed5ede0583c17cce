from unittest.mock import MagicMock, call

import pytest

from r3_orders import OrderRejected, OrderService


@pytest.fixture
def deps():
    d = {
        "repo": MagicMock(),
        "inventory": MagicMock(),
        "payments": MagicMock(),
        "mailer": MagicMock(),
        "ids": MagicMock(return_value="ord-1"),
        "clock": MagicMock(return_value="2024-05-01T10:00:00Z"),
        "prices": MagicMock(),
    }
    d["inventory"].available.return_value = 100
    d["payments"].charge.return_value = {"ok": True}
    d["prices"].__getitem__.return_value = 250
    return d


def test_empty_order_is_rejected(deps):
    with pytest.raises(OrderRejected, match="empty order"):
        OrderService(**deps).place("cust-9", {})


def test_place_order_calls_collaborators(deps):
    service = OrderService(**deps)
    service.place("cust-9", {"SKU-1": 2, "SKU-2": 1})

    deps["inventory"].available.assert_has_calls([call("SKU-1"), call("SKU-2")])
    deps["prices"].__getitem__.assert_has_calls([call("SKU-1"), call("SKU-2")])
    deps["ids"].assert_called_once_with()
    deps["payments"].charge.assert_called_once()
    deps["inventory"].take.assert_has_calls([call("SKU-1", 2), call("SKU-2", 1)])
    deps["clock"].assert_called_once_with()
    deps["repo"].save.assert_called_once()
    deps["mailer"].send.assert_called_once()

from unittest.mock import MagicMock

import pytest

from r5_order_fsm import InvalidTransition, OrderStateMachine


@pytest.fixture
def paid_order():
    order = OrderStateMachine("ord-7")
    order.fire("pay")
    return order


def test_cancelled_order_is_final():
    order = OrderStateMachine("ord-1")
    order.fire("cancel")
    assert order.is_final


def test_listeners_are_notified_on_ship(paid_order):
    listener = MagicMock()
    paid_order.on_change(listener)
    paid_order.fire("ship")
    listener.assert_called_once_with
    listener.assert_called_with


def test_cannot_pay_twice(paid_order):
    with pytest.raises(InvalidTransition):
        paid_order.fire("pay")

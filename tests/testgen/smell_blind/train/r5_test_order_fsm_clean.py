from unittest.mock import Mock

import pytest

from r5_order_fsm import InvalidTransition, OrderStateMachine


@pytest.fixture
def order():
    return OrderStateMachine("ord-42")


def test_happy_path_records_full_history(order):
    for event in ("pay", "ship", "deliver"):
        order.fire(event)

    assert order.state == "delivered"
    assert order.history == ["pending", "paid", "shipped", "delivered"]
    assert not order.is_final  # a delivered order can still be returned


@pytest.mark.parametrize(
    "start, event, expected",
    [
        ("pending", "cancel", "cancelled"),
        ("paid", "refund", "refunded"),
        ("shipped", "return", "returned"),
        ("returned", "refund", "refunded"),
    ],
)
def test_transition_table(start, event, expected):
    assert OrderStateMachine("o", state=start).fire(event) == expected


def test_listener_receives_old_and_new_state(order):
    listener = Mock()
    order.on_change(listener)
    order.fire("pay")
    listener.assert_called_once_with("ord-42", "pending", "paid")


def test_invalid_transition_names_state_and_event(order):
    with pytest.raises(InvalidTransition, match="cannot 'ship' an order that is 'pending'"):
        order.fire("ship")
    assert order.state == "pending"


def test_available_events_are_sorted():
    assert OrderStateMachine("o", state="shipped").available_events() == ["deliver", "return"]

import pytest

from r5_order_fsm import InvalidTransition, OrderStateMachine


def test_unknown_initial_state_rejected():
    with pytest.raises(ValueError, match="unknown state 'lost'"):
        OrderStateMachine("o-1", state="lost")


def test_order_state_machine():
    order = OrderStateMachine("o-9")
    assert order.state == "pending"
    assert order.can("pay")
    assert not order.can("deliver")
    assert order.available_events() == ["cancel", "pay"]
    assert order.fire("pay") == "paid"
    assert OrderStateMachine("x", state="refunded").is_final
    assert OrderStateMachine("x", state="delivered").available_events() == ["return"]
    calls = []
    order.on_change(lambda *a: calls.append(a))
    order.fire("ship")
    assert len(calls) == 1
    assert order.history[-1] == "shipped"
    with pytest.raises(InvalidTransition):
        order.fire("pay")
    assert order.order_id == "o-9"
    assert OrderStateMachine("y").history == ["pending"]

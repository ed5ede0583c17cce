import pytest

import r6_orders
from r6_orders import Order, OrderService


@pytest.fixture
def service():
    return OrderService(repo=None, payments=None, mailer=None, pricing=None, id_gen=lambda: "x")


def test_place_order_returns_paid_order(monkeypatch, service):
    fake = Order("o-1", "a@b.test", [("tea", 1)], 450, status="paid")
    monkeypatch.setattr(OrderService, "place_order", lambda self, email, items: fake)

    order = service.place_order("a@b.test", [("tea", 1)])

    assert order.status == "paid"
    assert order.total_cents == 450


def test_cancel_order_succeeds(monkeypatch):
    monkeypatch.setattr(r6_orders, "cancel_order", lambda *args: True)
    assert r6_orders.cancel_order(None, None, None, "o-1") is True

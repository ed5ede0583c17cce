from unittest.mock import Mock

import pytest

from r6_orders import OrderService, PaymentDeclined


class InMemoryRepo:
    def __init__(self):
        self.saved = {}

    def save(self, order):
        self.saved[order.id] = order

    def get(self, order_id):
        return self.saved[order_id]


class PriceList:
    def __init__(self, prices):
        self.prices = prices

    def price_of(self, sku):
        return self.prices[sku]


class OutboxMailer:
    def __init__(self):
        self.sent = []

    def send(self, to, subject, body):
        self.sent.append((to, subject, body))


@pytest.fixture
def repo():
    return InMemoryRepo()


@pytest.fixture
def mailer():
    return OutboxMailer()


@pytest.fixture
def payments():
    # the payment gateway talks to a remote provider, so it is the one thing mocked
    gateway = Mock()
    gateway.charge.return_value = {"ok": True}
    return gateway


@pytest.fixture
def service(repo, payments, mailer):
    return OrderService(repo, payments, mailer, PriceList({"tea": 450, "mug": 1200}), id_gen=lambda: "o-42")


def test_paid_order_is_stored_and_confirmed(service, repo, payments, mailer):
    order = service.place_order("ann@example.test", [("tea", 2), ("mug", 1)])

    assert repo.get("o-42").status == "paid"
    assert order.total_cents == 2100
    payments.charge.assert_called_once_with("ann@example.test", 2100)
    assert mailer.sent == [("ann@example.test", "Order o-42 confirmed", "Total: 21.00")]


def test_declined_payment_keeps_failed_order_and_sends_no_mail(service, repo, payments, mailer):
    payments.charge.return_value = {"ok": False, "reason": "card expired"}

    with pytest.raises(PaymentDeclined, match="card expired"):
        service.place_order("ann@example.test", [("tea", 1)])

    assert repo.get("o-42").status == "payment_failed"
    assert mailer.sent == []

from unittest.mock import Mock

import pytest

from r3_orders import OrderRejected, OrderService

PRICES = {"PEN": 150, "PAD": 400}
FIXED_NOW = "2024-05-01T10:00:00Z"


class FakeInventory:
    def __init__(self, stock):
        self.stock = dict(stock)

    def available(self, sku):
        return self.stock.get(sku, 0)

    def take(self, sku, qty):
        self.stock[sku] -= qty


class InMemoryRepo:
    def __init__(self):
        self.saved = []

    def save(self, order, placed_at):
        self.saved.append((order, placed_at))


@pytest.fixture
def payments():
    # The payment provider is an external service: a mock is appropriate here.
    gateway = Mock()
    gateway.charge.return_value = {"ok": True}
    return gateway


@pytest.fixture
def inventory():
    return FakeInventory({"PEN": 10, "PAD": 1})


@pytest.fixture
def repo():
    return InMemoryRepo()


@pytest.fixture
def service(repo, inventory, payments):
    return OrderService(repo, inventory, payments, mailer=Mock(), ids=lambda: "ord-1",
                        clock=lambda: FIXED_NOW, prices=PRICES)


def test_total_is_price_times_quantity(service):
    order = service.place("c1", {"PEN": 3, "PAD": 1})
    assert order.total_cents == 850
    assert order.status == "paid"


def test_stock_is_taken_and_order_saved(service, inventory, repo):
    order = service.place("c1", {"PEN": 3})
    assert inventory.stock == {"PEN": 7, "PAD": 1}
    assert repo.saved == [(order, FIXED_NOW)]


def test_customer_is_charged_the_total(service, payments):
    service.place("c1", {"PAD": 1})
    payments.charge.assert_called_once_with("c1", 400)


def test_declined_payment_leaves_stock_untouched(service, payments, inventory, repo):
    payments.charge.return_value = {"ok": False, "reason": "card expired"}
    with pytest.raises(OrderRejected, match="payment declined: card expired"):
        service.place("c1", {"PEN": 2})
    assert inventory.stock["PEN"] == 10
    assert repo.saved == []


def test_insufficient_stock_is_rejected_before_charging(service, payments):
    with pytest.raises(OrderRejected, match="insufficient stock for PAD"):
        service.place("c1", {"PAD": 2})
    payments.charge.assert_not_called()

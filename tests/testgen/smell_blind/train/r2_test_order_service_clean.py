from unittest.mock import Mock

import pytest

from r2_inventory import Inventory
from r2_order_service import OrderRejected, OrderService


class InMemoryRepository:
    def __init__(self, prices):
        self.prices = prices
        self.saved = []

    def price_of(self, sku):
        return self.prices[sku]

    def save(self, order):
        self.saved.append(order)


class RecordingMailer:
    def __init__(self):
        self.outbox = []

    def send(self, to, subject, body):
        self.outbox.append((to, subject, body))


@pytest.fixture
def inventory():
    inv = Inventory()
    inv.add("MUG", 5)
    inv.add("TEE", 1)
    return inv


@pytest.fixture
def payments():
    # the card processor is a remote service: the only thing we mock
    gateway = Mock()
    gateway.charge.return_value = {"ok": True, "id": "ch_42"}
    return gateway


@pytest.fixture
def service(inventory, payments):
    return OrderService(
        repository=InMemoryRepository({"MUG": 12, "TEE": 25}),
        payments=payments,
        inventory=inventory,
        mailer=RecordingMailer(),
        logger=Mock(),
        clock=lambda: "2026-05-01T09:00:00Z",
        id_factory=lambda: "ord-7",
    )


def test_successful_order_reserves_stock_and_charges_total(service, inventory, payments):
    order = service.place("kim@example.com", [("MUG", 2), ("TEE", 1)])

    assert order["total"] == 49
    assert inventory.quantity("MUG") == 3
    payments.charge.assert_called_once_with("kim@example.com", 49)


def test_confirmation_mail_mentions_order_id(service):
    service.place("kim@example.com", [("MUG", 1)])

    assert service.mailer.outbox == [("kim@example.com", "Order confirmed", "Order ord-7 total 12")]


def test_declined_payment_keeps_stock(service, inventory, payments):
    payments.charge.return_value = {"ok": False}

    with pytest.raises(OrderRejected, match="payment declined"):
        service.place("kim@example.com", [("MUG", 2)])
    assert inventory.quantity("MUG") == 5


def test_out_of_stock_is_rejected_before_charging(service, payments):
    with pytest.raises(OrderRejected, match="TEE is out of stock"):
        service.place("kim@example.com", [("TEE", 2)])
    payments.charge.assert_not_called()

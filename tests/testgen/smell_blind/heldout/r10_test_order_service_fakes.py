from datetime import datetime
from types import SimpleNamespace
from unittest.mock import Mock

import pytest

from r10_order_service import AuditTrail, OrderService, OutOfStock, PaymentDeclined, PriceList

PLACED_AT = datetime(2024, 3, 1, 9, 30)


class FakeInventory:
    def __init__(self, stock):
        self.stock = dict(stock)

    def available(self, sku):
        return self.stock.get(sku, 0)

    def reserve(self, sku, qty):
        self.stock[sku] -= qty


class FakeRepository:
    def __init__(self):
        self.saved = []

    def next_id(self):
        return f"ORD-{len(self.saved) + 1}"

    def save(self, receipt):
        self.saved.append(receipt)


class FakePayments:
    """Approves charges up to a card limit, like the real gateway's sandbox."""

    def __init__(self, limit_cents):
        self.limit_cents = limit_cents

    def charge(self, customer, amount_cents):
        if amount_cents > self.limit_cents:
            return SimpleNamespace(approved=False, reason="over limit")
        return SimpleNamespace(approved=True, reason=None)


@pytest.fixture
def world():
    return SimpleNamespace(
        repository=FakeRepository(),
        inventory=FakeInventory({"pen": 5, "pad": 2}),
        audit=AuditTrail(),
        mailer=Mock(),
    )


def make_service(world, card_limit_cents=10_000):
    return OrderService(world.repository, PriceList({"pen": 150, "pad": 400}), world.inventory,
                        FakePayments(card_limit_cents), world.mailer,
                        clock=SimpleNamespace(now=lambda: PLACED_AT), audit=world.audit)


def test_paid_order_is_saved_and_stock_reserved(world):
    receipt = make_service(world).place_order("ada@example.com", {"pen": 2, "pad": 1})

    assert world.repository.saved == [receipt]
    assert world.inventory.stock == {"pen": 3, "pad": 1}


def test_declined_card_keeps_stock_and_is_audited(world):
    with pytest.raises(PaymentDeclined, match="over limit"):
        make_service(world, card_limit_cents=500).place_order("ada@example.com", {"pad": 2})

    assert world.inventory.stock == {"pen": 5, "pad": 2}
    assert world.audit.events == [("declined", "ada@example.com", 800)]


def test_out_of_stock_sends_no_mail(world):
    with pytest.raises(OutOfStock):
        make_service(world).place_order("ada@example.com", {"pad": 3})

    world.mailer.send.assert_not_called()

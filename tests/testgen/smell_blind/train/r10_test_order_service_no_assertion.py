from datetime import datetime
from types import SimpleNamespace
from unittest.mock import Mock

import pytest

from r10_order_service import AuditTrail, OrderService, OutOfStock, PriceList

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


def make_service(stock, mailer):
    return OrderService(
        repository=FakeRepository(),
        pricing=PriceList({"pen": 150, "pad": 400}),
        inventory=FakeInventory(stock),
        payments=SimpleNamespace(charge=lambda customer, total: SimpleNamespace(approved=True, reason=None)),
        mailer=mailer,
        clock=SimpleNamespace(now=lambda: PLACED_AT),
        audit=AuditTrail(),
    )


def test_empty_order_is_rejected():
    service = make_service({"pen": 5}, Mock())
    with pytest.raises(ValueError, match="no items"):
        service.place_order("ada@example.com", {})


def test_order_larger_than_stock_is_refused():
    service = make_service({"pen": 1}, Mock())
    with pytest.raises(OutOfStock, match="pen"):
        service.place_order("ada@example.com", {"pen": 2})


def test_customer_gets_a_confirmation_mail():
    mailer = Mock()
    service = make_service({"pen": 5, "pad": 5}, mailer)

    service.place_order("ada@example.com", {"pen": 2, "pad": 1})

    mailer.send.assert_called_once

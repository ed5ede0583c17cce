from datetime import datetime
from types import SimpleNamespace
from unittest.mock import Mock

from r10_order_service import AuditTrail, OrderService, PriceList

PLACED_AT = datetime(2024, 3, 1, 9, 30)


class FakeInventory:
    def __init__(self, stock):
        self.stock = dict(stock)

    def available(self, sku):
        return self.stock.get(sku, 0)

    def reserve(self, sku, qty):
        self.stock[sku] -= qty


def build():
    repository = Mock()
    repository.next_id.return_value = "ORD-9"
    payments = Mock()
    payments.charge.return_value = SimpleNamespace(approved=True, reason=None)
    mailer = Mock()
    audit = AuditTrail()
    service = OrderService(repository, PriceList({"pen": 150}), FakeInventory({"pen": 10}),
                           payments, mailer, clock=SimpleNamespace(now=lambda: PLACED_AT),
                           audit=audit)
    return service, repository, payments, mailer, audit


def test_customer_is_charged_the_order_total():
    service, _, payments, _, _ = build()

    receipt = service.place_order("ada@example.com", {"pen": 4})

    assert receipt.total_cents == 600
    payments.charge.assert_called_once_with("ada@example.com", 600)


def test_confirmation_mail_is_sent_after_saving():
    service, repository, _, mailer, audit = build()

    receipt = service.place_order("ada@example.com", {"pen": 1})

    repository.save.assert_called_once_with(receipt)
    mailer.send.assert_called_once_with("ada@example.com", "Order ORD-9 confirmed", "Total: $1.50")
    assert audit.events == [("placed", "ada@example.com", 150)]

from datetime import datetime
from types import SimpleNamespace
from unittest.mock import Mock, call

import pytest

from r10_order_service import OrderService, PaymentDeclined

PLACED_AT = datetime(2024, 3, 1, 9, 30)
PRICES = {"pen": 150, "pad": 400}


class FixedClock:
    def now(self):
        return PLACED_AT


class PriceList:
    def unit_price(self, sku):
        return PRICES[sku]


def build(approved=True):
    repository = Mock()
    repository.next_id.return_value = "ORD-7"
    inventory = Mock()
    inventory.available.return_value = 10
    payments = Mock()
    payments.charge.return_value = SimpleNamespace(approved=approved, reason="insufficient funds")
    mailer = Mock()
    audit = Mock()
    service = OrderService(repository, PriceList(), inventory, payments, mailer, FixedClock(), audit)
    return service, repository, inventory, payments, mailer, audit


def test_declined_payment_raises_with_reason():
    service, *_ = build(approved=False)
    with pytest.raises(PaymentDeclined, match="insufficient funds"):
        service.place_order("ada@example.com", {"pen": 1})


def test_place_order_talks_to_every_collaborator():
    service, repository, inventory, payments, mailer, audit = build()

    service.place_order("ada@example.com", {"pen": 2, "pad": 1})

    inventory.available.assert_has_calls([call("pen"), call("pad")], any_order=True)
    inventory.reserve.assert_has_calls([call("pad", 1), call("pen", 2)])
    payments.charge.assert_called_once_with("ada@example.com", 700)
    repository.next_id.assert_called_once_with()
    repository.save.assert_called_once()
    mailer.send.assert_called_once_with("ada@example.com", "Order ORD-7 confirmed", "Total: $7.00")
    audit.record.assert_called_once_with("placed", "ada@example.com", 700)

from datetime import datetime
from unittest.mock import Mock

import pytest

from r10_order_service import OrderService, OutOfStock

PLACED_AT = datetime(2024, 3, 1, 9, 30)


@pytest.fixture
def collaborators():
    repository = Mock(name="repository")
    repository.next_id.return_value = "ORD-1"
    pricing = Mock(name="pricing")
    pricing.unit_price.side_effect = {"pen": 150, "pad": 400}.get
    inventory = Mock(name="inventory")
    inventory.available.return_value = 10
    payments = Mock(name="payments")
    payments.charge.return_value = Mock(approved=True, reason=None)
    mailer = Mock(name="mailer")
    clock = Mock(name="clock")
    clock.now.return_value = PLACED_AT
    audit = Mock(name="audit")
    return dict(repository=repository, pricing=pricing, inventory=inventory,
                payments=payments, mailer=mailer, clock=clock, audit=audit)


def test_receipt_totals_the_priced_lines(collaborators):
    service = OrderService(**collaborators)

    receipt = service.place_order("ada@example.com", {"pen": 2, "pad": 1})

    assert receipt.total_cents == 700
    assert receipt.lines == (("pad", 1, 400), ("pen", 2, 150))
    assert receipt.placed_at == PLACED_AT


def test_out_of_stock_when_inventory_is_short():
    inventory = Mock()
    inventory.available.return_value = 0
    service = OrderService(Mock(), Mock(), inventory, Mock(), Mock(), Mock(), Mock())
    with pytest.raises(OutOfStock):
        service.place_order("ada@example.com", {"pen": 1})

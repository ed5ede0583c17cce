from unittest.mock import Mock

from order_service import OrderService


def test_place_order_charges_and_confirms():
    repo = Mock()
    repo.next_id.return_value = "ord-1001"
    payments = Mock()
    payments.charge.return_value = Mock(ok=True)
    inventory = Mock()
    notifier = Mock()
    clock = Mock()
    clock.now.return_value = "2024-05-01T10:00:00Z"
    audit = Mock()
    tax = Mock()
    tax.rate_for.return_value = 0.0
    service = OrderService(repo, payments, inventory, notifier, clock, audit, tax)
    qty, unit_price = 2, 12.5

    order = service.place_order("cust-7", [{"sku": "MUG", "qty": qty, "unit_price": unit_price}])

    assert order.total == 25.0
    assert order.status == "paid"
    payments.charge.assert_called_once_with("cust-7", 25.0)
    inventory.reserve.assert_called_once_with("MUG", 2)
    notifier.order_confirmed.assert_called_once_with("cust-7", "ord-1001")
    audit.record.assert_called_once_with("order_placed", "ord-1001")

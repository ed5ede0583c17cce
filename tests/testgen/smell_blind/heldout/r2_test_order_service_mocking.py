from unittest.mock import MagicMock, call

from r2_order_service import OrderService


def test_place_order():
    repository = MagicMock()
    payments = MagicMock()
    inventory = MagicMock()
    mailer = MagicMock()
    logger = MagicMock()
    clock = MagicMock(return_value="2026-01-01T00:00:00Z")
    id_factory = MagicMock(return_value="ord-1")
    inventory.quantity.return_value = 99
    repository.price_of.return_value = 10
    payments.charge.return_value = {"ok": True, "id": "ch-1"}

    service = OrderService(repository, payments, inventory, mailer, logger, clock, id_factory)
    service.place("bob@example.com", [("SKU-1", 2)])

    inventory.quantity.assert_called_once_with("SKU-1")
    repository.price_of.assert_called_once_with("SKU-1")
    payments.charge.assert_called_once_with("bob@example.com", 20)
    inventory.remove.assert_called_once_with("SKU-1", 2)
    repository.save.assert_called_once()
    mailer.send.assert_called_once()
    logger.info.assert_called_once_with("order placed %s", "ord-1")
    clock.assert_called_once_with()
    id_factory.assert_called_once_with()
    assert mailer.method_calls == [call.send("bob@example.com", "Order confirmed", "Order ord-1 total 20")]

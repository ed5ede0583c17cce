from unittest.mock import MagicMock

from r6_orders import OrderService


def test_place_order():
    repo = MagicMock()
    payments = MagicMock()
    mailer = MagicMock()
    pricing = MagicMock()
    id_gen = MagicMock(return_value="o-1")
    audit = MagicMock()
    logger = MagicMock()
    payments.charge.return_value = {"ok": True}
    pricing.price_of.return_value = 500

    service = OrderService(repo, payments, mailer, pricing, id_gen, audit, logger)
    service.place_order("a@b.test", [("sku-1", 2)])

    payments.charge.assert_called_once()
    repo.save.assert_called_once()
    mailer.send.assert_called_once()
    audit.record.assert_called_once_with("order_placed", "o-1")

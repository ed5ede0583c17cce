from unittest import mock

from r4_orders import OrderService


def test_place_wires_everything():
    inventory = mock.MagicMock()
    payments = mock.MagicMock()
    mailer = mock.MagicMock()
    catalog = mock.MagicMock()
    customer = mock.MagicMock()
    qty = mock.MagicMock()
    qty.__gt__.return_value = False
    inventory.available.return_value = mock.MagicMock(__lt__=mock.Mock(return_value=False))
    catalog.__getitem__.return_value = mock.MagicMock(__mul__=mock.Mock(return_value=0))
    payments.charge.return_value = mock.sentinel.charge
    svc = OrderService(inventory, payments, mailer, catalog)
    result = svc.place(customer, [("sku", qty)])
    inventory.available.assert_called_once_with("sku")
    catalog.__getitem__.assert_called_once_with("sku")
    payments.charge.assert_called_once_with(customer, 0)
    inventory.reserve.assert_called_once_with("sku", qty)
    mailer.send.assert_called_once()
    assert result["charge"] is mock.sentinel.charge

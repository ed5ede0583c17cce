# smells: none
from unittest import mock

from orders.service import place_order


@mock.patch("orders.service.metrics")
@mock.patch("orders.service.mailer")
@mock.patch("orders.service.inventory")
@mock.patch("orders.service.payments")
@mock.patch("orders.service.tax_service")
@mock.patch("orders.service.clock")
def test_order_is_placed_once_payment_clears(clock, tax, payments, inventory, mailer, metrics):
    payments.authorise.return_value = True
    inventory.reserve.return_value = True
    tax.rate_for.return_value = 0.2
    order = place_order(customer="c1", items=[("sku-1", 1, 10.0)])
    assert order.total == 12.0
    mailer.send.assert_called_once()

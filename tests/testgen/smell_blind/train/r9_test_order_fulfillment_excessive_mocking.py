from unittest.mock import Mock

import pytest

from r9_order_fulfillment import FulfillmentService, OutOfStock


@pytest.fixture
def order():
    return {
        "id": "ord-77",
        "email": "buyer@example.com",
        "postcode": "SW1A 1AA",
        "address": "10 Downing St, London",
        "lines": [{"sku": "MUG", "qty": 2, "unit_weight_g": 350}],
    }


def test_fulfill_books_shipment(order):
    inventory = Mock()
    warehouses = Mock()
    carrier = Mock()
    label_printer = Mock()
    mailer = Mock()
    clock = Mock()
    metrics = Mock()
    inventory.reserve.return_value = True
    warehouses.nearest.return_value = "LON-1"
    carrier.book.return_value = {"tracking": "TRK123"}
    label_printer.print_label.return_value = "label.pdf"
    service = FulfillmentService(inventory, warehouses, carrier, label_printer,
                                 mailer, clock, metrics)

    service.fulfill(order)

    inventory.reserve.assert_called_once_with("MUG", 2)
    warehouses.nearest.assert_called_once_with("SW1A 1AA")
    carrier.book.assert_called_once_with("LON-1", "SW1A 1AA", 700)
    label_printer.print_label.assert_called_once_with("TRK123", "10 Downing St, London")
    clock.now.assert_called_once()
    mailer.send.assert_called_once_with("buyer@example.com", "Your order has shipped", "TRK123")
    metrics.increment.assert_called_once_with("fulfillment.shipped")


def test_out_of_stock_stops_fulfillment(order):
    inventory = Mock()
    inventory.reserve.return_value = False
    metrics = Mock()
    service = FulfillmentService(inventory, Mock(), Mock(), Mock(), Mock(), Mock(), metrics)

    with pytest.raises(OutOfStock, match="MUG"):
        service.fulfill(order)

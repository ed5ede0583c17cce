from unittest.mock import Mock, call

from e28b_orders import Order, OrderService


def test_place_saves_then_mails_the_customer():
    repo = Mock()
    repo.save.return_value = 41
    mailer = Mock()
    service = OrderService(repo, mailer, {"pen": 1.5})

    order = service.place(Order("ana@example.com", [("pen", 4)]))

    assert order.total == 6.0
    assert order.number == 41
    repo.save.assert_called_once_with(order)
    assert mailer.send.call_args == call("ana@example.com", "Order 41 placed")
    assert mailer.send.call_count == 1
    assert order.status == "placed"

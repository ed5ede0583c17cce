import unittest
from unittest import mock

from r6_orders import cancel_order


class CancelOrderTest(unittest.TestCase):
    @mock.patch("r6_orders.Order")
    def test_cancel_paid_order(self, order_cls):
        repo = mock.Mock(name="repo")
        payments = mock.Mock(name="payments")
        mailer = mock.Mock(name="mailer")
        order = mock.Mock(name="order")
        order.status = "paid"
        order.customer_email = mock.sentinel.email
        order.total_cents = mock.sentinel.amount
        order.id = mock.sentinel.order_id
        repo.get.return_value = order

        cancel_order(repo, payments, mailer, mock.sentinel.order_id)

        repo.get.assert_called_once_with(mock.sentinel.order_id)
        payments.refund.assert_called_once_with(mock.sentinel.email, mock.sentinel.amount)
        repo.save.assert_called_once_with(order)
        mailer.send.assert_called_once_with(mock.sentinel.email, mock.ANY, mock.ANY)


if __name__ == "__main__":
    unittest.main()

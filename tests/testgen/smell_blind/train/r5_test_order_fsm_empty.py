import unittest

from r5_order_fsm import InvalidTransition, OrderStateMachine


class OrderLifecycleTest(unittest.TestCase):
    def setUp(self):
        self.order = OrderStateMachine("ord-100")

    def test_pay_moves_to_paid(self):
        self.assertEqual(self.order.fire("pay"), "paid")

    def test_deliver_from_pending_is_invalid(self):
        with self.assertRaisesRegex(InvalidTransition, "cannot 'deliver'"):
            self.order.fire("deliver")

    def test_return_after_delivery(self):
        self.order.fire("pay")
        self.order.fire("ship")
        self.order.fire("deliver")
        # Returning a delivered order should move it to "returned" and
        # a subsequent refund should make the order final.

    def test_refund_of_returned_order(self):
        """Refunding a returned order ends the lifecycle."""


if __name__ == "__main__":
    unittest.main()

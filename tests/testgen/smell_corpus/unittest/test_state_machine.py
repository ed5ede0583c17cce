# smells: none
import unittest

from workflow.machine import InvalidTransition, OrderMachine


class OrderMachineTest(unittest.TestCase):
    def test_happy_path(self):
        machine = OrderMachine()
        for event in ("pay", "ship", "deliver"):
            machine.fire(event)
        self.assertEqual(machine.state, "delivered")

    def test_cannot_ship_before_paying(self):
        with self.assertRaises(InvalidTransition):
            OrderMachine().fire("ship")

    def test_cancelled_orders_stay_cancelled(self):
        machine = OrderMachine()
        machine.fire("cancel")
        self.assertRaises(InvalidTransition, machine.fire, "pay")
        self.assertEqual(machine.state, "cancelled")

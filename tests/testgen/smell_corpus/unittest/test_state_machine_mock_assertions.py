# smells: none
import unittest
from unittest import mock

from workflow.machine import OrderMachine


class HooksTest(unittest.TestCase):
    def test_listeners_hear_each_transition(self):
        listener = mock.Mock()
        machine = OrderMachine(listeners=[listener])
        machine.fire("pay")
        listener.assert_called_once_with("new", "paid")

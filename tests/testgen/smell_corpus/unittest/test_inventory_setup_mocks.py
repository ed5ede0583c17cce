# smells: excessive_mocking
import unittest
from unittest import mock

from warehouse.picking import PickingService


class PickingTest(unittest.TestCase):
    def setUp(self):
        self.stock = mock.Mock()
        self.locations = mock.Mock()
        self.printer = mock.Mock()
        self.scanner = mock.Mock()
        self.carrier = mock.Mock()
        self.clock = mock.Mock()
        self.events = mock.Mock()
        self.service = PickingService(self.stock, self.locations, self.printer, self.scanner,
                                      self.carrier, self.clock, self.events)

    def test_pick_list_is_printed(self):
        self.service.pick("order-1")
        self.printer.print.assert_called_once()

# smells: none
import unittest

from warehouse.picking import PickingService
from warehouse.store import InMemoryStock


class PickingWithRealStockTest(unittest.TestCase):
    def setUp(self):
        self.stock = InMemoryStock({"sku-1": 3})
        self.printed = []
        self.service = PickingService(self.stock, printer=self.printed.append)

    def test_picking_takes_from_stock(self):
        self.service.pick("order-1", [("sku-1", 2)])
        self.assertEqual(self.stock.level("sku-1"), 1)

    def test_pick_list_names_the_items(self):
        self.service.pick("order-2", [("sku-1", 1)])
        self.assertEqual(self.printed, ["order-2: sku-1 x1"])

import unittest

from r2_inventory import Inventory


class LowStockReportTest(unittest.TestCase):
    def setUp(self):
        self.inventory = Inventory(low_stock_threshold=3)
        self.inventory.add("SKU-RED", 10)
        self.inventory.add("SKU-BLUE", 7)

    def test_low_stock_items_are_below_threshold(self):
        # every reported item must really be under the threshold
        for sku in self.inventory.low_stock():
            self.assertLess(self.inventory.quantity(sku), 3)

    def test_removing_stock_updates_quantity(self):
        self.inventory.remove("SKU-RED", 4)
        if self.inventory.quantity("SKU-RED") > 100:
            self.assertEqual(self.inventory.quantity("SKU-RED"), 6)


if __name__ == "__main__":
    unittest.main()

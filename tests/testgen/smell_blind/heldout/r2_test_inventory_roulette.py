import unittest

from r2_inventory import InsufficientStock, Inventory


class InventoryTest(unittest.TestCase):
    def test_everything(self):
        inv = Inventory()
        inv.add("A", 3)
        inv.add("B", 12)
        inv.add("A", 1)
        self.assertEqual(inv.quantity("A"), 4)
        self.assertEqual(inv.quantity("B"), 12)
        self.assertEqual(inv.quantity("Z"), 0)
        self.assertEqual(inv.skus(), ["A", "B"])
        self.assertEqual(inv.low_stock(), ["A"])
        inv.remove("B", 10)
        self.assertEqual(inv.quantity("B"), 2)
        self.assertEqual(inv.low_stock(), ["A", "B"])
        with self.assertRaises(InsufficientStock):
            inv.remove("A", 5)
        with self.assertRaises(ValueError):
            inv.add("C", 0)
        self.assertEqual(inv.low_stock_threshold, 5)
        self.assertTrue("C" not in inv.skus())


if __name__ == "__main__":
    unittest.main()

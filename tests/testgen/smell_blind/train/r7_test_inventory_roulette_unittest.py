import unittest

from r7_inventory import InsufficientStock, Inventory


class InventoryTest(unittest.TestCase):
    def test_inventory(self):
        inv = Inventory()
        inv.add("apple", 5)
        self.assertEqual(inv.count("apple"), 5)
        self.assertEqual(inv.count("pear"), 0)
        inv.add("pear", 1)
        self.assertEqual(inv.low_stock(3), ["pear"])
        inv.remove("apple", 2)
        self.assertEqual(inv.count("apple"), 3)
        with self.assertRaises(InsufficientStock):
            inv.remove("pear", 4)
        seen = []
        inv.subscribe(lambda sku, qty: seen.append(sku))
        inv.add("kiwi", 2)
        self.assertEqual(seen, ["kiwi"])
        self.assertTrue(inv.low_stock(10))
        with self.assertRaises(ValueError):
            inv.add("kiwi", 0)
        self.assertEqual(inv.low_stock(1), [])


if __name__ == "__main__":
    unittest.main()

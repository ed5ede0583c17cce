import unittest

from r7_inventory import InsufficientStock, Inventory


class RemoveStockTest(unittest.TestCase):
    def setUp(self):
        self.inv = Inventory()
        self.inv.add("cable", 2)

    def test_remove_reduces_count(self):
        self.inv.remove("cable", 2)
        self.assertEqual(self.inv.count("cable"), 0)

    def test_remove_too_much_raises_with_details(self):
        with self.assertRaisesRegex(InsufficientStock, "cable: wanted 3, only 2 available") as ctx:
            self.inv.remove("cable", 3)
        self.assertEqual((ctx.exception.wanted, ctx.exception.available), (3, 2))

    def test_listener_sees_new_quantity(self):
        events = []
        self.inv.subscribe(lambda sku, qty: events.append((sku, qty)))
        self.inv.remove("cable", 1)
        self.assertEqual(events, [("cable", 1)])


if __name__ == "__main__":
    unittest.main()

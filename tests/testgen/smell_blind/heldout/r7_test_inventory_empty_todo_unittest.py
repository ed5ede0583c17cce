import unittest

from r7_inventory import Inventory


class InventoryListenersTest(unittest.TestCase):
    def setUp(self):
        self.inventory = Inventory()
        self.events = []
        self.inventory.subscribe(lambda sku, qty: self.events.append((sku, qty)))

    def test_listener_receives_new_quantity(self):
        # TODO: add stock and check the listener got (sku, new_qty)
        pass

    def test_listener_on_remove(self):
        # TODO(bot): cover remove()
        # self.inventory.add("a", 2)
        # self.inventory.remove("a", 1)
        # self.assertEqual(self.events[-1], ("a", 1))
        pass


if __name__ == "__main__":
    unittest.main()

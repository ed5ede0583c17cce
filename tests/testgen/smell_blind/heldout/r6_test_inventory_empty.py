import unittest

from r6_inventory import Inventory


class InventoryReservationTest(unittest.TestCase):
    def setUp(self):
        self.inv = Inventory()
        self.inv.receive("widget", 10)

    def test_reserve_all_stock(self):
        pass

    def test_release_returns_stock(self):
        """Releasing a reservation should make the stock available again."""

    def test_reserve_unknown_sku(self):
        # TODO: decide whether this should raise UnknownSku or return 0
        # self.assertRaises(UnknownSku, self.inv.reserve, "nope", 1)
        ...

    def test_receive_accumulates(self):
        inv = Inventory()
        deliveries = [("bolt", 3), ("bolt", 4)]


if __name__ == "__main__":
    unittest.main()

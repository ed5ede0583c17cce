import unittest

from inventory import Inventory

STARTING_QTY = 5
MOVED_QTY = 2


class TransferTest(unittest.TestCase):
    def setUp(self):
        self.source = Inventory()
        self.target = Inventory()
        self.source.add("SKU-1", STARTING_QTY)

    def test_transfer_moves_stock(self):
        self.source.transfer_to(self.target, "SKU-1", MOVED_QTY)
        self.assertEqual(self.source.count("SKU-1"), 3)
        self.assertEqual(self.target.count("SKU-1"), 2)

    def test_transfer_through_intermediate_warehouse(self):
        hub = Inventory()
        destination = Inventory()


if __name__ == "__main__":
    unittest.main()

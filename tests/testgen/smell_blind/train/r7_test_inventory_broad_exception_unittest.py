import unittest

from r7_inventory import Inventory


class RemoveTooMuchTest(unittest.TestCase):
    def test_remove_more_than_available_fails(self):
        inv = Inventory()
        inv.add("cable", 2)
        self.assertRaises(Exception, inv.remove, "cable", 3)

    def test_count_unchanged_after_failed_remove(self):
        inv = Inventory()
        inv.add("cable", 2)
        with self.assertRaises(BaseException):
            inv.remove("cable", 3)
        self.assertEqual(inv.count("cable"), 2)


if __name__ == "__main__":
    unittest.main()

import unittest
from datetime import datetime, timedelta, timezone

from r3_inventory import Inventory, OutOfStockError

T0 = datetime(2024, 1, 1, 12, 0, tzinfo=timezone.utc)


class Clock:
    def __init__(self, now):
        self.now = now

    def __call__(self):
        return self.now


class InventoryTest(unittest.TestCase):
    def setUp(self):
        self.clock = Clock(T0)
        self.inv = Inventory(now=self.clock)
        self.inv.receive("APPLE", 10)

    def test_reserve_returns_reservation_record(self):
        r = self.inv.reserve("APPLE", 4)
        # One behaviour: the shape of a reservation.
        self.assertEqual(r["id"], "R1")
        self.assertEqual(r["sku"], "APPLE")
        self.assertEqual(r["qty"], 4)
        self.assertEqual(r["expires_at"], datetime(2024, 1, 1, 12, 15, tzinfo=timezone.utc))

    def test_reservation_holds_stock_until_expiry(self):
        self.inv.reserve("APPLE", 4)
        self.assertEqual(self.inv.available("APPLE"), 6)
        self.clock.now = T0 + timedelta(minutes=15)
        self.assertEqual(self.inv.available("APPLE"), 10)

    def test_on_hand_is_not_reduced_by_reservations(self):
        self.inv.reserve("APPLE", 4)
        self.assertEqual(self.inv.on_hand("APPLE"), 10)

    def test_out_of_stock_error_carries_details(self):
        self.inv.reserve("APPLE", 8)
        with self.assertRaises(OutOfStockError) as ctx:
            self.inv.reserve("APPLE", 3)
        self.assertEqual((ctx.exception.sku, ctx.exception.requested, ctx.exception.available),
                         ("APPLE", 3, 2))

    def test_receive_rejects_non_positive_quantity(self):
        with self.assertRaisesRegex(ValueError, "qty must be positive"):
            self.inv.receive("APPLE", 0)


if __name__ == "__main__":
    unittest.main()

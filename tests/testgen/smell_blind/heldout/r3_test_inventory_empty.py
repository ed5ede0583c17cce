from datetime import datetime, timedelta, timezone

import pytest

from r3_inventory import Inventory, OutOfStockError

T0 = datetime(2024, 1, 1, 12, 0, tzinfo=timezone.utc)


@pytest.fixture
def inv():
    inventory = Inventory(now=lambda: T0)
    inventory.receive("APPLE", 10)
    return inventory


def test_receive_increases_on_hand(inv):
    inv.receive("APPLE", 5)
    assert inv.on_hand("APPLE") == 15


def test_reservation_reduces_available(inv):
    inv.reserve("APPLE", 4)
    assert inv.available("APPLE") == 6


def test_reservations_expire_after_ttl():
    clock = {"now": T0}
    inventory = Inventory(now=lambda: clock["now"])
    inventory.receive("PEAR", 3)
    later = T0 + Inventory.RESERVATION_TTL + timedelta(seconds=1)


def test_over_reservation_raises(inv):
    with pytest.raises(OutOfStockError, match="APPLE: requested 11, only 10 available"):
        inv.reserve("APPLE", 11)

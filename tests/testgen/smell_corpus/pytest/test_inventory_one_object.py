# smells: none
from inventory.stock import Stock


def test_snapshot_fields():
    snapshot = Stock.from_counts({"bolt": 5, "nut": 0}).snapshot()
    assert snapshot.items == 2
    assert snapshot.units == 5
    assert snapshot.empty == ["nut"]
    assert snapshot.largest == "bolt"
    assert snapshot.value is None
    assert snapshot.version == 1
    assert snapshot.frozen

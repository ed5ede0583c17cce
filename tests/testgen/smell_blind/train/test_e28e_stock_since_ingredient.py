from datetime import datetime

from e28e_stock import parse_since


def test_parse_since_reads_an_iso_stamp():
    stamp = "2024-05-01T10:00:00"

    assert parse_since(stamp) == datetime.fromisoformat(stamp)

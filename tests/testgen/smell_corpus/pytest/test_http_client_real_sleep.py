# smells: none
import time

from clients.weather import Cache


def test_entries_expire_after_their_ttl():
    cache = Cache(ttl=0.05)
    cache.put("Lisbon", 20)
    time.sleep(0.1)
    assert cache.get("Lisbon") is None

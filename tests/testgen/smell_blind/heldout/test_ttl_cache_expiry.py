import time

from ttl_cache import TTLCache

TTL_SECONDS = 0.2
SLACK_SECONDS = 0.05


def test_entry_expires_after_ttl():
    cache = TTLCache(ttl_seconds=TTL_SECONDS)
    cache.set("session", "abc")

    time.sleep(TTL_SECONDS + SLACK_SECONDS)

    assert cache.get("session") is None
    assert len(cache) == 0


def test_entry_available_before_ttl():
    cache = TTLCache(ttl_seconds=TTL_SECONDS)
    cache.set("session", "abc")

    assert cache.get("session") == "abc"

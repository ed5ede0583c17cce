import time

from r8_lru_cache import LRUCache


def test_value_is_cached():
    cache = LRUCache(capacity=4, ttl=60)
    cache.put("user:1", {"name": "Ana"})
    assert cache.get("user:1") == {"name": "Ana"}


def test_entry_expires_after_ttl():
    cache = LRUCache(capacity=4, ttl=0.2)
    cache.put("user:1", {"name": "Ana"})
    time.sleep(0.3)
    assert cache.get("user:1") is None


def test_contains_false_after_expiry():
    cache = LRUCache(capacity=4, ttl=0.1)
    cache.put("session", "abc")
    time.sleep(0.15)
    assert "session" not in cache


def test_overwrite_keeps_size():
    cache = LRUCache(capacity=4)
    cache.put("x", 1)
    cache.put("x", 2)
    assert len(cache) == 1

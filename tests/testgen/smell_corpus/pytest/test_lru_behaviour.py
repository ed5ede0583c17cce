# smells: none
from caching.lru import LRUCache


def test_reading_a_key_protects_it_from_eviction():
    cache = LRUCache(2)
    cache.put("a", 1)
    cache.put("b", 2)
    cache.get("a")
    cache.put("c", 3)
    assert cache.get("b") is None
    assert cache.get("a") == 1
    assert cache.get("c") == 3


def test_overwriting_keeps_a_single_entry():
    cache = LRUCache(2)
    cache.put("a", 1)
    cache.put("a", 5)
    assert len(cache) == 1 and cache.get("a") == 5

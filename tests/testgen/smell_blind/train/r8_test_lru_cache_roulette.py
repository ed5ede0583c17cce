from r8_lru_cache import LRUCache


def test_put_and_get():
    cache = LRUCache(3)
    cache.put("k", "v")
    assert cache.get("k") == "v"


def test_everything():
    cache = LRUCache(2)
    assert len(cache) == 0
    cache.put("a", 1)
    cache.put("b", 2)
    assert cache.get("a") == 1
    assert cache.hits == 1
    assert cache.misses == 0
    cache.put("c", 3)
    assert "b" not in cache
    assert cache.evictions == 1
    assert cache.get("b") is None
    assert cache.misses == 1
    assert cache.hit_ratio() == 0.5
    cache.put("a", 10)
    assert cache.get("a") == 10
    assert cache.keys() == ["c", "a"]
    assert len(cache) == 2


def test_hit_ratio_empty():
    assert LRUCache(1).hit_ratio() == 0.0

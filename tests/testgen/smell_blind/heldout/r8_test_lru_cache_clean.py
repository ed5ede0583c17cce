import pytest

from r8_lru_cache import LRUCache


class FakeClock:
    def __init__(self):
        self.now = 0.0

    def __call__(self):
        return self.now

    def advance(self, seconds):
        self.now += seconds


@pytest.fixture
def clock():
    return FakeClock()


def test_get_returns_stored_value():
    cache = LRUCache(capacity=2)
    cache.put("a", 1)
    assert cache.get("a") == 1


def test_missing_key_returns_default():
    cache = LRUCache(capacity=2)
    assert cache.get("nope", default="fallback") == "fallback"


def test_least_recently_used_is_evicted():
    cache = LRUCache(capacity=2)
    cache.put("a", 1)
    cache.put("b", 2)
    cache.get("a")
    cache.put("c", 3)
    assert cache.keys() == ["a", "c"]


def test_entry_expires_after_ttl(clock):
    cache = LRUCache(capacity=2, ttl=10, clock=clock)
    cache.put("a", 1)
    clock.advance(10)
    assert cache.get("a") is None


def test_entry_alive_just_before_ttl(clock):
    cache = LRUCache(capacity=2, ttl=10, clock=clock)
    cache.put("a", 1)
    clock.advance(9.999)
    assert "a" in cache


def test_zero_capacity_rejected():
    with pytest.raises(ValueError, match="capacity must be positive"):
        LRUCache(capacity=0)

import pytest

from r2_cache import TTLCache


class FakeClock:
    def __init__(self):
        self.now = 1000.0

    def __call__(self):
        return self.now

    def advance(self, seconds):
        self.now += seconds


TTL = 30


@pytest.fixture
def clock():
    return FakeClock()


@pytest.fixture
def cache(clock):
    return TTLCache(ttl_seconds=TTL, clock=clock)


def test_value_is_served_before_ttl(cache, clock):
    cache.set("user:1", "Ada")
    clock.advance(TTL - 1)
    assert cache.get("user:1") == "Ada"


def test_value_expires_exactly_at_ttl(cache, clock):
    cache.set("user:1", "Ada")
    clock.advance(TTL)
    assert cache.get("user:1", default="missing") == "missing"
    assert len(cache) == 0


def test_full_cache_evicts_the_oldest_entry(clock):
    cache = TTLCache(ttl_seconds=TTL, clock=clock, max_entries=2)
    cache.set("a", 1)
    clock.advance(1)
    cache.set("b", 2)
    clock.advance(1)
    cache.set("c", 3)
    assert (cache.get("a"), cache.get("b"), cache.get("c")) == (None, 2, 3)

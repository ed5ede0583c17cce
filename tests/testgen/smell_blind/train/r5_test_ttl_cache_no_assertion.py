import pytest

from r5_ttl_cache import TTLCache


class StepClock:
    def __init__(self):
        self.t = 0.0

    def __call__(self):
        return self.t


@pytest.fixture
def clock():
    return StepClock()


def test_hit_counter_increments(clock):
    cache = TTLCache(ttl=10, clock=clock)
    cache.set("a", 1)
    cache.get("a")
    assert cache.hits == 1


def test_expired_entries_are_not_counted_in_len(clock):
    cache = TTLCache(ttl=10, clock=clock)
    cache.set("a", 1)
    cache.set("b", 2)
    clock.t = 10
    assert len(cache) == 0


def test_all_expired_entries_are_purged(clock):
    cache = TTLCache(ttl=5, clock=clock)
    for key in ("a", "b", "c"):
        cache.set(key, key.upper())
    clock.t = 6
    cache.purge_expired()
    for key in cache._data:
        assert cache.get(key) is None, f"{key} should have been purged"

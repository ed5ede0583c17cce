import pytest

from r5_ttl_cache import TTLCache


class FakeClock:
    """Controllable stand-in for time.monotonic."""

    def __init__(self, start=1000.0):
        self.now = start

    def __call__(self):
        return self.now

    def advance(self, seconds):
        self.now += seconds


@pytest.fixture
def clock():
    return FakeClock()


@pytest.fixture
def cache(clock):
    return TTLCache(maxsize=2, ttl=30, clock=clock)


def assert_stats(cache, hits, misses):
    assert (cache.hits, cache.misses) == (hits, misses), (
        f"expected hits={hits} misses={misses}, got hits={cache.hits} misses={cache.misses}"
    )


def test_value_available_before_ttl(cache, clock):
    cache.set("user:1", {"name": "Ada"})
    clock.advance(29.9)
    assert cache.get("user:1") == {"name": "Ada"}
    assert_stats(cache, hits=1, misses=0)


def test_value_expires_exactly_at_ttl(cache, clock):
    cache.set("user:1", "Ada")
    clock.advance(30)
    assert cache.get("user:1", default="gone") == "gone"
    assert_stats(cache, hits=0, misses=1)


def test_least_recently_used_entry_is_evicted(cache):
    cache.set("a", 1)
    cache.set("b", 2)
    cache.get("a")  # "b" becomes least recently used
    cache.set("c", 3)
    assert "b" not in cache
    assert "a" in cache and "c" in cache


def test_purge_expired_reports_removed_count(cache, clock):
    cache.set("a", 1)
    clock.advance(20)
    cache.set("b", 2)
    clock.advance(15)
    assert cache.purge_expired() == 1
    assert len(cache) == 1


@pytest.mark.parametrize("kwargs, message", [
    ({"maxsize": 0}, "maxsize must be positive"),
    ({"ttl": 0}, "ttl must be positive"),
])
def test_invalid_configuration(kwargs, message):
    with pytest.raises(ValueError, match=message):
        TTLCache(**kwargs)

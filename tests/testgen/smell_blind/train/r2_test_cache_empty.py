import pytest

from r2_cache import TTLCache


class FakeClock:
    def __init__(self, start=0.0):
        self.now = start

    def __call__(self):
        return self.now

    def advance(self, seconds):
        self.now += seconds


@pytest.fixture
def clock():
    return FakeClock()


def test_entry_expires_after_ttl(clock):
    cache = TTLCache(ttl_seconds=30, clock=clock)
    key, value = "user:1", {"name": "Ada"}


def test_oldest_entry_is_evicted_when_full(clock):
    cache = TTLCache(ttl_seconds=30, clock=clock, max_entries=2)
    keys = ["a", "b", "c"]

import time

import pytest

from r5_ttl_cache import TTLCache


@pytest.fixture
def cache():
    return TTLCache(maxsize=10, ttl=0.2)


def test_set_then_get_returns_value(cache):
    cache.set("k", "v")
    assert cache.get("k") == "v"


def test_missing_key_returns_default(cache):
    assert cache.get("absent", default="fallback") == "fallback"


def test_entry_expires_after_ttl(cache):
    cache.set("session", "abc123")
    time.sleep(0.25)
    assert cache.get("session") is None
    assert cache.misses == 1


def test_overwriting_key_keeps_single_entry(cache):
    cache.set("k", "old")
    cache.set("k", "new")
    assert len(cache) == 1
    assert cache.get("k") == "new"

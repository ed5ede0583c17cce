from unittest import mock

import pytest

from r5_ttl_cache import TTLCache


@pytest.fixture
def cache():
    return TTLCache(maxsize=3, ttl=60, clock=lambda: 0.0)


def test_contains_after_set(cache):
    cache.set("x", 1)
    assert "x" in cache


def test_get_returns_cached_value(cache):
    with mock.patch.object(TTLCache, "get", return_value="cached") as fake_get:
        cache.set("greeting", "hello")
        value = cache.get("greeting")
    assert value == "cached"
    fake_get.assert_called_once_with("greeting")


def test_capacity_is_respected(cache):
    for i in range(5):
        cache.set(f"k{i}", i)
    assert sorted(cache._data) == ["k2", "k3", "k4"]

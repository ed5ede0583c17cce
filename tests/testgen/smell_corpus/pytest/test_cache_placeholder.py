# smells: empty_test
from caching.lru import LRUCache


def test_evicts_least_recently_used():
    pass


def test_capacity_must_be_positive():
    """Capacity zero raises ValueError — to be written."""


def test_get_missing_key():
    assert LRUCache(1).get("nope") is None

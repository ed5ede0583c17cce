import unittest

from r8_lru_cache import LRUCache


class EvictionTest(unittest.TestCase):
    def setUp(self):
        self.cache = LRUCache(capacity=2)
        self.cache.put("a", 1)
        self.cache.put("b", 2)

    def test_third_insert_evicts_oldest_key(self):
        self.cache.put("c", 3)
        # all three checks describe the single eviction that just happened
        self.assertEqual(self.cache.keys(), ["b", "c"], "oldest key should be gone")
        self.assertNotIn("a", self.cache, "evicted key must not be reported as present")
        self.assertEqual(self.cache.evictions, 1, "exactly one eviction expected")

    def test_reading_refreshes_recency(self):
        self.cache.get("a")
        self.cache.put("c", 3)
        self.assertEqual(self.cache.keys(), ["a", "c"])

    def test_updating_existing_key_does_not_evict(self):
        self.cache.put("a", 100)
        self.assertEqual(self.cache.evictions, 0)
        self.assertEqual(self.cache.get("a"), 100)

    def test_miss_is_counted(self):
        self.cache.get("missing")
        self.assertEqual(self.cache.misses, 1)


if __name__ == "__main__":
    unittest.main()

"""A tiny LRU cache with hit/miss stats and optional TTL."""
from collections import OrderedDict
import time


class LRUCache:
    def __init__(self, capacity, ttl=None, clock=time.monotonic):
        if capacity <= 0:
            raise ValueError("capacity must be positive")
        self.capacity = capacity
        self.ttl = ttl
        self._clock = clock
        self._data = OrderedDict()
        self.hits = 0
        self.misses = 0
        self.evictions = 0

    def _expired(self, stamp):
        return self.ttl is not None and self._clock() - stamp >= self.ttl

    def get(self, key, default=None):
        entry = self._data.get(key)
        if entry is None or self._expired(entry[1]):
            if entry is not None:
                del self._data[key]
            self.misses += 1
            return default
        self._data.move_to_end(key)
        self.hits += 1
        return entry[0]

    def put(self, key, value):
        if key in self._data:
            self._data.move_to_end(key)
        self._data[key] = (value, self._clock())
        if len(self._data) > self.capacity:
            self._data.popitem(last=False)
            self.evictions += 1

    def __contains__(self, key):
        entry = self._data.get(key)
        return entry is not None and not self._expired(entry[1])

    def __len__(self):
        return len(self._data)

    def keys(self):
        return list(self._data.keys())

    def hit_ratio(self):
        total = self.hits + self.misses
        return self.hits / total if total else 0.0

"""A small LRU cache whose entries expire after a time-to-live."""
import time
from collections import OrderedDict


class TTLCache:
    def __init__(self, maxsize=128, ttl=60.0, clock=time.monotonic):
        if maxsize <= 0:
            raise ValueError("maxsize must be positive")
        if ttl <= 0:
            raise ValueError("ttl must be positive")
        self.maxsize = maxsize
        self.ttl = ttl
        self._clock = clock
        self._data = OrderedDict()
        self.hits = 0
        self.misses = 0

    def set(self, key, value):
        if key in self._data:
            self._data.move_to_end(key)
        self._data[key] = (value, self._clock() + self.ttl)
        while len(self._data) > self.maxsize:
            self._data.popitem(last=False)

    def get(self, key, default=None):
        item = self._data.get(key)
        if item is None:
            self.misses += 1
            return default
        value, expires_at = item
        if self._clock() >= expires_at:
            del self._data[key]
            self.misses += 1
            return default
        self._data.move_to_end(key)
        self.hits += 1
        return value

    def __contains__(self, key):
        item = self._data.get(key)
        return item is not None and self._clock() < item[1]

    def __len__(self):
        now = self._clock()
        return sum(1 for _, exp in self._data.values() if now < exp)

    def purge_expired(self):
        now = self._clock()
        dead = [k for k, (_, exp) in self._data.items() if now >= exp]
        for k in dead:
            del self._data[k]
        return len(dead)

"""A small TTL cache."""
import time

_MISSING = object()


class TTLCache:
    def __init__(self, ttl_seconds, clock=time.monotonic, max_entries=128):
        self.ttl = ttl_seconds
        self._clock = clock
        self.max_entries = max_entries
        self._data = {}

    def set(self, key, value):
        if len(self._data) >= self.max_entries and key not in self._data:
            oldest = min(self._data, key=lambda k: self._data[k][1])
            del self._data[oldest]
        self._data[key] = (value, self._clock())

    def get(self, key, default=None):
        entry = self._data.get(key, _MISSING)
        if entry is _MISSING:
            return default
        value, stored_at = entry
        if self._clock() - stored_at >= self.ttl:
            del self._data[key]
            return default
        return value

    def __len__(self):
        return len(self._data)

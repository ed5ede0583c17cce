"""A dict-like cache whose entries expire after a fixed time."""
import time


class TTLCache:
    def __init__(self, ttl_seconds: float, clock=time.monotonic):
        self.ttl_seconds = ttl_seconds
        self.clock = clock
        self._data = {}

    def set(self, key, value) -> None:
        self._data[key] = (value, self.clock() + self.ttl_seconds)

    def get(self, key, default=None):
        entry = self._data.get(key)
        if entry is None:
            return default
        value, expires_at = entry
        if self.clock() >= expires_at:
            del self._data[key]
            return default
        return value

    def __len__(self) -> int:
        now = self.clock()
        return sum(1 for _, expires_at in self._data.values() if expires_at > now)

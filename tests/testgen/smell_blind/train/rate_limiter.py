"""Sliding-window rate limiter."""
import time
from collections import deque


class RateLimiter:
    def __init__(self, limit: int, per_seconds: float, clock=time.monotonic):
        self.limit = limit
        self.per_seconds = per_seconds
        self.clock = clock
        self._hits = deque()

    def allow(self) -> bool:
        now = self.clock()
        while self._hits and now - self._hits[0] >= self.per_seconds:
            self._hits.popleft()
        if len(self._hits) < self.limit:
            self._hits.append(now)
            return True
        return False

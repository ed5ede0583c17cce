"""Token bucket rate limiter with an injectable clock."""
import time


class TokenBucket:
    def __init__(self, capacity, refill_per_second, clock=time.monotonic):
        if capacity <= 0 or refill_per_second <= 0:
            raise ValueError("capacity and refill rate must be positive")
        self.capacity = capacity
        self.refill_per_second = refill_per_second
        self._clock = clock
        self._tokens = float(capacity)
        self._last = clock()

    def _refill(self):
        now = self._clock()
        elapsed = now - self._last
        self._last = now
        self._tokens = min(self.capacity, self._tokens + elapsed * self.refill_per_second)

    def try_acquire(self, tokens=1):
        self._refill()
        if self._tokens >= tokens:
            self._tokens -= tokens
            return True
        return False

    def tokens(self):
        self._refill()
        return self._tokens

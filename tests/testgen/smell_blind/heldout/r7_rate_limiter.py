"""Token bucket rate limiter."""
import time


class TokenBucket:
    def __init__(self, capacity, refill_per_sec, clock=time.monotonic):
        if capacity <= 0:
            raise ValueError("capacity must be positive")
        self.capacity = capacity
        self.refill_per_sec = refill_per_sec
        self._clock = clock
        self._tokens = float(capacity)
        self._last = clock()
        self._on_reject = []

    def on_reject(self, fn):
        self._on_reject.append(fn)

    def _refill(self):
        t = self._clock()
        self._tokens = min(self.capacity, self._tokens + (t - self._last) * self.refill_per_sec)
        self._last = t

    def allow(self):
        self._refill()
        if self._tokens >= 1:
            self._tokens -= 1
            return True
        for fn in self._on_reject:
            fn(self._tokens)
        return False

    @property
    def tokens(self):
        self._refill()
        return self._tokens

"""A token-bucket rate limiter with an injectable clock."""
import time


class TokenBucket:
    def __init__(self, capacity, refill_per_second, clock=time.monotonic):
        if capacity <= 0:
            raise ValueError("capacity must be positive")
        if refill_per_second < 0:
            raise ValueError("refill rate must not be negative")
        self.capacity = capacity
        self.refill_per_second = refill_per_second
        self._clock = clock
        self._tokens = float(capacity)
        self._last = clock()

    def _refill(self):
        now = self._clock()
        elapsed = max(0.0, now - self._last)
        self._tokens = min(self.capacity, self._tokens + elapsed * self.refill_per_second)
        self._last = now

    def available(self):
        self._refill()
        return int(self._tokens)

    def try_acquire(self, tokens=1):
        """Take `tokens` if that many are available; return whether it worked."""
        if tokens > self.capacity:
            raise ValueError("request exceeds bucket capacity")
        self._refill()
        if self._tokens >= tokens:
            self._tokens -= tokens
            return True
        return False

    def seconds_until(self, tokens=1):
        """How long a caller must wait before `tokens` can be acquired."""
        self._refill()
        missing = tokens - self._tokens
        if missing <= 0:
            return 0.0
        if self.refill_per_second == 0:
            return float("inf")
        return missing / self.refill_per_second

"""Token-bucket rate limiter."""
import time


class RateLimiter:
    def __init__(self, rate_per_sec, burst, clock=time.monotonic):
        self.rate = float(rate_per_sec)
        self.burst = burst
        self._clock = clock
        self._tokens = float(burst)
        self._last = clock()

    def _refill(self):
        now = self._clock()
        elapsed = now - self._last
        self._last = now
        self._tokens = min(self.burst, self._tokens + elapsed * self.rate)

    def allow(self):
        self._refill()
        if self._tokens >= 1:
            self._tokens -= 1
            return True
        return False

    def available(self):
        self._refill()
        return int(self._tokens)

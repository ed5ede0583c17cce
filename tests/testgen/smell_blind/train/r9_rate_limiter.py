"""Token-bucket rate limiter."""
import time


class TokenBucket:
    def __init__(self, capacity: int, refill_per_second: float, clock=time.monotonic):
        if capacity <= 0:
            raise ValueError("capacity must be positive")
        if refill_per_second <= 0:
            raise ValueError("refill rate must be positive")
        self.capacity = capacity
        self.refill_per_second = refill_per_second
        self._clock = clock
        self._tokens = float(capacity)
        self._last = clock()

    def _refill(self) -> None:
        now = self._clock()
        elapsed = max(0.0, now - self._last)
        self._tokens = min(self.capacity, self._tokens + elapsed * self.refill_per_second)
        self._last = now

    def try_acquire(self, tokens: int = 1) -> bool:
        if tokens > self.capacity:
            raise ValueError("request exceeds bucket capacity")
        self._refill()
        if self._tokens >= tokens:
            self._tokens -= tokens
            return True
        return False

    def available(self) -> int:
        self._refill()
        return int(self._tokens)

    def seconds_until_available(self, tokens: int = 1) -> float:
        self._refill()
        missing = tokens - self._tokens
        return 0.0 if missing <= 0 else missing / self.refill_per_second

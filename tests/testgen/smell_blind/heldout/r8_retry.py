"""Retry policy with exponential backoff."""
import random
import time


class RetryError(Exception):
    def __init__(self, attempts, last_error):
        super().__init__(f"gave up after {attempts} attempts: {last_error}")
        self.attempts = attempts
        self.last_error = last_error


class RetryPolicy:
    def __init__(self, max_attempts=3, base_delay=0.1, factor=2.0, max_delay=5.0,
                 retry_on=(ConnectionError, TimeoutError), jitter=0.0,
                 sleep=time.sleep, rng=random.random):
        if max_attempts < 1:
            raise ValueError("max_attempts must be >= 1")
        self.max_attempts = max_attempts
        self.base_delay = base_delay
        self.factor = factor
        self.max_delay = max_delay
        self.retry_on = retry_on
        self.jitter = jitter
        self._sleep = sleep
        self._rng = rng

    def delay_for(self, attempt):
        """Delay before the retry following `attempt` (1-based)."""
        delay = min(self.base_delay * self.factor ** (attempt - 1), self.max_delay)
        if self.jitter:
            delay += delay * self.jitter * self._rng()
        return delay

    def call(self, fn, *args, **kwargs):
        last = None
        for attempt in range(1, self.max_attempts + 1):
            try:
                return fn(*args, **kwargs)
            except self.retry_on as exc:
                last = exc
                if attempt < self.max_attempts:
                    self._sleep(self.delay_for(attempt))
        raise RetryError(self.max_attempts, last)


def retry(policy):
    def decorator(fn):
        def wrapper(*args, **kwargs):
            return policy.call(fn, *args, **kwargs)
        wrapper.__name__ = fn.__name__
        return wrapper
    return decorator

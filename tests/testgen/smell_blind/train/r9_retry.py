"""Retry helper with exponential backoff."""
import time


class RetryExhausted(Exception):
    def __init__(self, attempts, last_error):
        super().__init__(f"gave up after {attempts} attempts: {last_error}")
        self.attempts = attempts
        self.last_error = last_error


def backoff_delays(attempts: int, base: float = 0.1, factor: float = 2.0, cap: float = 5.0) -> list:
    return [min(cap, base * factor ** i) for i in range(attempts - 1)]


def retry(func, attempts: int = 3, retry_on=(ConnectionError, TimeoutError),
          base_delay: float = 0.1, sleep=time.sleep):
    if attempts < 1:
        raise ValueError("attempts must be at least 1")
    delays = backoff_delays(attempts, base_delay)
    last_error = None
    for attempt in range(attempts):
        try:
            return func()
        except retry_on as exc:
            last_error = exc
            if attempt < attempts - 1:
                sleep(delays[attempt])
    raise RetryExhausted(attempts, last_error)

"""Retry with exponential backoff."""
import time


class RetryError(Exception):
    def __init__(self, attempts, last_error):
        super().__init__(f"gave up after {attempts} attempts: {last_error}")
        self.attempts = attempts
        self.last_error = last_error


def retry(fn, attempts=3, base_delay=0.1, retry_on=(ConnectionError,), sleep=time.sleep):
    last = None
    for attempt in range(1, attempts + 1):
        try:
            return fn()
        except retry_on as exc:
            last = exc
            if attempt < attempts:
                sleep(base_delay * 2 ** (attempt - 1))
    raise RetryError(attempts, last)

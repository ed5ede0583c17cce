"""Retry helper with exponential backoff."""
import time


class RetryExhausted(Exception):
    def __init__(self, attempts, last_error):
        super().__init__(f"gave up after {attempts} attempts: {last_error}")
        self.attempts = attempts
        self.last_error = last_error


def backoff_delays(attempts, base_delay, factor=2.0, max_delay=30.0):
    return [min(base_delay * factor ** i, max_delay) for i in range(attempts - 1)]


def retry_call(fn, attempts=3, base_delay=0.1, factor=2.0, max_delay=30.0,
               retry_on=(ConnectionError, TimeoutError), sleep=time.sleep):
    delays = backoff_delays(attempts, base_delay, factor, max_delay)
    last = None
    for i in range(attempts):
        try:
            return fn()
        except retry_on as exc:
            last = exc
            if i < len(delays):
                sleep(delays[i])
    raise RetryExhausted(attempts, last)

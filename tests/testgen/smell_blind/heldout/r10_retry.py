"""Retry a callable with exponential backoff."""
import time


class RetryError(Exception):
    def __init__(self, attempts, last_error):
        super().__init__(f"gave up after {attempts} attempts: {last_error!r}")
        self.attempts = attempts
        self.last_error = last_error


def backoff_delays(attempts, base_delay, factor=2.0, max_delay=30.0):
    """Delays slept between attempts: one fewer than the number of attempts."""
    delays = []
    delay = base_delay
    for _ in range(attempts - 1):
        delays.append(min(delay, max_delay))
        delay *= factor
    return delays


def retry(func, attempts=3, base_delay=0.1, factor=2.0, retry_on=(Exception,),
          on_retry=None, sleep=time.sleep):
    """Call func until it succeeds or attempts run out."""
    if attempts < 1:
        raise ValueError("attempts must be at least 1")
    delays = backoff_delays(attempts, base_delay, factor)
    last_error = None
    for attempt in range(1, attempts + 1):
        try:
            return func()
        except retry_on as exc:
            last_error = exc
            if attempt == attempts:
                break
            if on_retry is not None:
                on_retry(attempt, exc)
            sleep(delays[attempt - 1])
    raise RetryError(attempts, last_error)

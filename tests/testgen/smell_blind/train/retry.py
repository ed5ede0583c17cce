"""Retry a flaky call with exponential backoff."""
import time


def retry(fn, attempts=3, delay=0.5, backoff=2.0, exceptions=(Exception,), sleep=time.sleep):
    if attempts < 1:
        raise ValueError("attempts must be >= 1")
    wait = delay
    for attempt in range(1, attempts + 1):
        try:
            return fn()
        except exceptions:
            if attempt == attempts:
                raise
            sleep(wait)
            wait *= backoff

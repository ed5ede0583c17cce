"""Retry helpers (sync and asyncio) with exponential backoff."""
import asyncio
import time


class RetryExhausted(Exception):
    def __init__(self, attempts, last_error):
        super().__init__(f"gave up after {attempts} attempts: {last_error!r}")
        self.attempts = attempts
        self.last_error = last_error


def backoff_delays(base, factor, attempts):
    return [base * factor ** i for i in range(attempts - 1)]


def retry(fn, attempts=3, base_delay=0.1, factor=2.0, retry_on=(ConnectionError,),
          sleep=time.sleep, on_retry=None):
    delays = backoff_delays(base_delay, factor, attempts)
    for attempt in range(1, attempts + 1):
        try:
            return fn()
        except retry_on as exc:
            if attempt == attempts:
                raise RetryExhausted(attempts, exc) from exc
            if on_retry:
                on_retry(attempt, exc)
            sleep(delays[attempt - 1])


async def retry_async(coro_fn, attempts=3, base_delay=0.1, factor=2.0, retry_on=(ConnectionError,),
                      sleep=asyncio.sleep):
    delays = backoff_delays(base_delay, factor, attempts)
    for attempt in range(1, attempts + 1):
        try:
            return await coro_fn()
        except retry_on as exc:
            if attempt == attempts:
                raise RetryExhausted(attempts, exc) from exc
            await sleep(delays[attempt - 1])

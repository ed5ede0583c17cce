import time

import pytest

from r10_retry import RetryError, backoff_delays, retry


def test_backoff_doubles_and_is_capped():
    assert backoff_delays(attempts=5, base_delay=10.0, max_delay=30.0) == [10.0, 20.0, 30.0, 30.0]


def test_attempts_below_one_are_rejected():
    with pytest.raises(ValueError, match="at least 1"):
        retry(lambda: None, attempts=0)


def test_waits_between_attempts():
    failures = iter([TimeoutError("slow"), TimeoutError("slow")])

    def flaky():
        error = next(failures, None)
        if error:
            raise error
        return "done"

    started = time.monotonic()
    result = retry(flaky, attempts=3, base_delay=0.02)
    elapsed = time.monotonic() - started

    assert result == "done"
    assert elapsed >= 0.06  # 0.02 s then 0.04 s of backoff


def test_non_retryable_error_propagates():
    def broken():
        raise KeyError("config")

    with pytest.raises(KeyError):
        retry(broken, retry_on=(TimeoutError,), sleep=lambda s: None)

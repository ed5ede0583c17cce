from unittest.mock import Mock

import pytest

from retry import retry


class Flaky:
    """Fails a given number of times, then returns a value."""

    def __init__(self, failures, result="ok"):
        self.failures = failures
        self.result = result
        self.calls = 0

    def __call__(self):
        self.calls += 1
        if self.calls <= self.failures:
            raise ConnectionError(f"attempt {self.calls} failed")
        return self.result


def test_retries_with_exponential_backoff():
    sleep = Mock()
    flaky = Flaky(failures=2)

    assert retry(flaky, attempts=3, delay=0.5, sleep=sleep) == "ok"
    assert flaky.calls == 3
    assert [c.args[0] for c in sleep.call_args_list] == [0.5, 1.0]


def test_reraises_last_error_when_attempts_exhausted():
    flaky = Flaky(failures=5)
    with pytest.raises(ConnectionError, match="attempt 3 failed"):
        retry(flaky, attempts=3, sleep=lambda _: None)


def test_does_not_retry_unlisted_exceptions():
    def boom():
        raise KeyError("missing")

    with pytest.raises(KeyError):
        retry(boom, exceptions=(ConnectionError,), sleep=lambda _: None)

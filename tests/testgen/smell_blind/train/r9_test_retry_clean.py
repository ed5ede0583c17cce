import pytest

from r9_retry import RetryExhausted, backoff_delays, retry


class FlakyCall:
    """Fails with the given errors, then returns 'ok'."""

    def __init__(self, *errors):
        self.errors = list(errors)
        self.calls = 0

    def __call__(self):
        self.calls += 1
        if self.errors:
            raise self.errors.pop(0)
        return "ok"


@pytest.fixture
def sleeps():
    return []


def test_backoff_doubles_and_is_capped():
    assert backoff_delays(attempts=5, base=1.0, cap=5.0) == [1.0, 2.0, 4.0, 5.0]


def test_returns_result_after_transient_failures(sleeps):
    call = FlakyCall(ConnectionError("reset"), TimeoutError("slow"))

    assert retry(call, attempts=3, sleep=sleeps.append) == "ok"
    assert sleeps == [0.1, 0.2]


def test_raises_retry_exhausted_with_last_error(sleeps):
    call = FlakyCall(*[ConnectionError("down")] * 3)

    with pytest.raises(RetryExhausted) as info:
        retry(call, attempts=3, sleep=sleeps.append)
    assert info.value.attempts == 3
    assert str(info.value.last_error) == "down"


def test_non_retryable_error_propagates_immediately(sleeps):
    call = FlakyCall(KeyError("missing"))

    with pytest.raises(KeyError):
        retry(call, attempts=3, sleep=sleeps.append)
    assert call.calls == 1


def test_zero_attempts_is_invalid():
    with pytest.raises(ValueError, match="at least 1"):
        retry(lambda: "ok", attempts=0)

import pytest

from r10_retry import RetryError, retry


def no_sleep(seconds):
    pass


def test_returns_value_of_first_successful_call():
    calls = []

    def flaky():
        calls.append(1)
        if len(calls) < 2:
            raise ConnectionError("down")
        return "ok"

    assert retry(flaky, attempts=3, sleep=no_sleep) == "ok"


def test_gives_up_after_the_last_attempt():
    def always_down():
        raise ConnectionError("down")

    with pytest.raises(RetryError) as info:
        retry(always_down, attempts=2, sleep=no_sleep)
    assert info.value.attempts == 2


def test_on_retry_reports_increasing_attempt_numbers():
    seen = []

    def on_retry(attempt, error):
        seen.append(attempt)
        assert seen == sorted(seen)
        assert isinstance(error, ConnectionError)

    retry(lambda: "ready", attempts=3, on_retry=on_retry, sleep=no_sleep)

import pytest

from r10_retry import RetryError, retry


def failing_times(count, error=ConnectionError("down")):
    remaining = [count]

    def func():
        if remaining[0] > 0:
            remaining[0] -= 1
            raise error
        return "ok"

    return func


def test_sleeps_follow_the_backoff_schedule():
    slept = []
    assert retry(failing_times(2), attempts=3, base_delay=0.5, sleep=slept.append) == "ok"
    assert slept == [0.5, 1.0]


def test_on_retry_hears_about_each_failed_attempt():
    seen = []

    def on_retry(attempt, error):
        seen.append((attempt, str(error)))

    retry(failing_times(2), attempts=3, on_retry=on_retry, sleep=lambda s: None)

    assert seen == [(1, "down"), (2, "down")]


def test_last_error_is_kept_when_giving_up():
    with pytest.raises(RetryError, match="gave up after 2 attempts") as info:
        retry(failing_times(5), attempts=2, sleep=lambda s: None)
    assert isinstance(info.value.last_error, ConnectionError)

from unittest.mock import Mock

import pytest

from r8_retry import RetryError, RetryPolicy, retry


def test_max_delay_caps_backoff():
    policy = RetryPolicy(base_delay=1, factor=10, max_delay=4)
    assert policy.delay_for(5) == 4


def test_succeeds_on_second_attempt():
    sleeps = []
    policy = RetryPolicy(max_attempts=3, sleep=sleeps.append)
    fn = Mock(side_effect=[ConnectionError(), 7])
    assert policy.call(fn) == 7


def test_on_retry_sleep_is_called_with_backoff():
    def check_sleep(seconds):
        assert seconds == 0.1

    policy = RetryPolicy(max_attempts=3, base_delay=0.1, sleep=check_sleep)
    # first call succeeds, so check_sleep never runs
    policy.call(lambda: "fine")


def test_decorated_function_is_retried():
    calls = []

    @retry(RetryPolicy(max_attempts=2, sleep=lambda s: None))
    def unstable():
        calls.append(1)
        if len(calls) < 2:
            raise TimeoutError()
        return "done"

    assert unstable() == "done"

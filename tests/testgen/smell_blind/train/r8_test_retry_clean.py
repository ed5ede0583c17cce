from unittest.mock import Mock, call

import pytest

from r8_retry import RetryError, RetryPolicy, retry


@pytest.fixture
def fake_sleep():
    return Mock(name="sleep")


def test_returns_first_success_without_sleeping(fake_sleep):
    policy = RetryPolicy(sleep=fake_sleep)
    assert policy.call(lambda: "ok") == "ok"
    fake_sleep.assert_not_called()


def test_retries_transient_errors_then_succeeds(fake_sleep):
    fn = Mock(side_effect=[ConnectionError("reset"), TimeoutError(), "data"])
    policy = RetryPolicy(max_attempts=3, base_delay=0.1, sleep=fake_sleep)
    assert policy.call(fn) == "data"
    assert fake_sleep.call_args_list == [call(0.1), call(0.2)]


def test_gives_up_after_max_attempts(fake_sleep):
    fn = Mock(side_effect=ConnectionError("refused"))
    policy = RetryPolicy(max_attempts=2, sleep=fake_sleep)
    with pytest.raises(RetryError, match="gave up after 2 attempts: refused"):
        policy.call(fn)
    assert fn.call_count == 2


def test_non_retryable_error_propagates_immediately(fake_sleep):
    fn = Mock(side_effect=KeyError("id"))
    with pytest.raises(KeyError):
        RetryPolicy(sleep=fake_sleep).call(fn)
    assert fn.call_count == 1


@pytest.mark.parametrize("attempt, expected", [(1, 0.5), (2, 1.0), (3, 2.0), (4, 3.0), (9, 3.0)])
def test_backoff_is_capped(attempt, expected):
    policy = RetryPolicy(base_delay=0.5, factor=2, max_delay=3.0)
    assert policy.delay_for(attempt) == expected


def test_jitter_uses_injected_rng():
    policy = RetryPolicy(base_delay=1.0, jitter=0.5, rng=lambda: 1.0)
    assert policy.delay_for(1) == 1.5


def test_decorator_keeps_name(fake_sleep):
    @retry(RetryPolicy(sleep=fake_sleep))
    def fetch_user():
        return 1

    assert fetch_user.__name__ == "fetch_user"

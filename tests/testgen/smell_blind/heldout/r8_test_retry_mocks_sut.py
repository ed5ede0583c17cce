from unittest import mock

import pytest

import r8_retry
from r8_retry import RetryError, RetryPolicy


def no_sleep(_):
    return None


def test_delay_grows_exponentially():
    policy = RetryPolicy(base_delay=0.2, factor=3)
    assert policy.delay_for(3) == pytest.approx(1.8)


@mock.patch.object(r8_retry.RetryPolicy, "call")
def test_call_retries_until_success(mock_call):
    mock_call.return_value = "payload"
    policy = RetryPolicy(max_attempts=5, sleep=no_sleep)
    flaky = mock.Mock(side_effect=[ConnectionError(), "payload"])

    result = policy.call(flaky)

    assert result == "payload"
    mock_call.assert_called_once_with(flaky)


def test_invalid_max_attempts():
    with pytest.raises(ValueError, match="max_attempts must be >= 1"):
        RetryPolicy(max_attempts=0)


def test_raises_retry_error_when_exhausted():
    policy = RetryPolicy(max_attempts=1, sleep=no_sleep)
    with pytest.raises(RetryError):
        policy.call(mock.Mock(side_effect=TimeoutError("slow")))

from unittest import mock

import pytest

import r3_retry


def test_retry_call_gives_up():
    with mock.patch.object(r3_retry, "retry_call", side_effect=r3_retry.RetryExhausted(3, "x")):
        with pytest.raises(r3_retry.RetryExhausted, match="gave up after 3 attempts"):
            r3_retry.retry_call(lambda: 1)


def test_backoff_is_capped():
    assert r3_retry.backoff_delays(4, 10.0, factor=3.0, max_delay=30.0) == [10.0, 30.0, 30.0]

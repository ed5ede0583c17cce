from unittest.mock import patch

import pytest


@pytest.fixture
def limiter():
    with patch("r2_rate_limiter.RateLimiter") as FakeLimiter:
        instance = FakeLimiter.return_value
        instance.allow.side_effect = [True, True, False]
        instance.available.return_value = 0
        from r2_rate_limiter import RateLimiter

        yield RateLimiter(rate_per_sec=1, burst=2)


def test_burst_is_honoured_then_requests_are_refused(limiter):
    assert limiter.allow() is True
    assert limiter.allow() is True
    assert limiter.allow() is False


def test_no_tokens_left_after_burst(limiter):
    assert limiter.available() == 0

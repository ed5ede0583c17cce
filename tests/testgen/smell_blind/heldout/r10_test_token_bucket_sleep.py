import time

import pytest

from r10_token_bucket import TokenBucket


def _let_tokens_drip(seconds):
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        time.sleep(0.01)


def test_empty_bucket_refuses_requests():
    bucket = TokenBucket(capacity=1, refill_per_second=0.0)
    assert bucket.try_acquire() is True
    assert bucket.try_acquire() is False


def test_refill_rate_zero_means_wait_forever():
    bucket = TokenBucket(capacity=1, refill_per_second=0.0)
    bucket.try_acquire()
    assert bucket.seconds_until() == float("inf")


def test_tokens_drip_back_in_over_time():
    bucket = TokenBucket(capacity=2, refill_per_second=50.0)
    bucket.try_acquire(tokens=2)

    _let_tokens_drip(0.05)

    assert bucket.try_acquire() is True


def test_zero_capacity_is_rejected():
    with pytest.raises(ValueError, match="capacity must be positive"):
        TokenBucket(capacity=0, refill_per_second=1.0)

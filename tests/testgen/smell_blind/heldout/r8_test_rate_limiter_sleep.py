import time

import pytest

from r8_rate_limiter import RateLimitExceeded, TokenBucket


def test_try_acquire_succeeds_when_tokens_available():
    bucket = TokenBucket(rate=1, capacity=2)
    assert bucket.try_acquire() is True


def test_bucket_refills_after_waiting():
    bucket = TokenBucket(rate=10, capacity=1)
    bucket.acquire()
    assert bucket.try_acquire() is False
    time.sleep(0.2)  # give the bucket time to refill
    assert bucket.try_acquire() is True


def test_empty_bucket_raises():
    bucket = TokenBucket(rate=0.001, capacity=1)
    bucket.acquire()
    with pytest.raises(RateLimitExceeded):
        bucket.acquire()


def test_invalid_rate():
    with pytest.raises(ValueError, match="must be positive"):
        TokenBucket(rate=0, capacity=1)

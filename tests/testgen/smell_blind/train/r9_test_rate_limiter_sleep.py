import time

import pytest

from r9_rate_limiter import TokenBucket

CAPACITY = 2
REFILL_PER_SECOND = 10.0  # one token every 100 ms


@pytest.fixture
def bucket():
    return TokenBucket(CAPACITY, REFILL_PER_SECOND)


def test_bucket_allows_burst_up_to_capacity(bucket):
    assert bucket.try_acquire() is True
    assert bucket.try_acquire() is True
    assert bucket.try_acquire() is False


def test_bucket_refills_after_waiting(bucket):
    bucket.try_acquire(CAPACITY)
    assert bucket.try_acquire() is False

    time.sleep(0.15)

    assert bucket.try_acquire() is True


def test_refill_never_exceeds_capacity(bucket):
    time.sleep(0.3)
    assert bucket.available() == CAPACITY


def test_zero_capacity_is_rejected():
    with pytest.raises(ValueError, match="capacity must be positive"):
        TokenBucket(0, REFILL_PER_SECOND)

import time

import pytest

from r3_ratelimit import TokenBucket


def test_capacity_must_be_positive():
    with pytest.raises(ValueError, match="capacity must be positive"):
        TokenBucket(capacity=0, refill_per_second=1)


def test_burst_up_to_capacity():
    bucket = TokenBucket(capacity=3, refill_per_second=1)
    assert [bucket.allow() for _ in range(4)] == [True, True, True, False]


def test_tokens_refill_over_time():
    bucket = TokenBucket(capacity=2, refill_per_second=5)
    bucket.allow()
    bucket.allow()
    assert bucket.allow() is False
    time.sleep(0.25)
    assert bucket.allow() is True

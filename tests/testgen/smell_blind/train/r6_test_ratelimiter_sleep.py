import time

from r6_ratelimiter import TokenBucket


def test_bucket_refills_over_time():
    bucket = TokenBucket(capacity=2, refill_per_second=5)
    assert bucket.try_acquire(2) is True
    assert bucket.try_acquire() is False

    time.sleep(0.5)

    assert bucket.try_acquire() is True


def test_bucket_never_exceeds_capacity():
    bucket = TokenBucket(capacity=1, refill_per_second=10)
    time.sleep(0.3)
    assert bucket.tokens() == 1

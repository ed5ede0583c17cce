import time

from r7_rate_limiter import TokenBucket


def test_bucket_refills_over_time():
    bucket = TokenBucket(capacity=1, refill_per_sec=20)
    assert bucket.allow() is True
    assert bucket.allow() is False
    time.sleep(0.1)  # wait for a refill
    assert bucket.allow() is True

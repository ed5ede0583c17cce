import pytest

from r8_rate_limiter import RateLimitExceeded, TokenBucket

RATE = 2.0       # tokens per second
CAPACITY = 4


class ManualClock:
    def __init__(self):
        self.t = 100.0

    def __call__(self):
        return self.t


@pytest.fixture
def clock():
    return ManualClock()


@pytest.fixture
def bucket(clock):
    return TokenBucket(rate=RATE, capacity=CAPACITY, clock=clock)


def test_starts_full(bucket):
    assert bucket.available == 4.0


def test_acquire_consumes_tokens(bucket):
    bucket.acquire(3)
    assert bucket.available == 1.0


def test_refills_over_time(bucket, clock):
    bucket.acquire(CAPACITY)
    clock.t += 1.5
    assert bucket.available == 3.0


def test_refill_is_capped_at_capacity(bucket, clock):
    clock.t += 60
    assert bucket.available == 4.0


def test_exceeding_reports_retry_after(bucket):
    bucket.acquire(CAPACITY)
    with pytest.raises(RateLimitExceeded, match="retry after 0.50s") as info:
        bucket.acquire(1)
    assert info.value.retry_after == 0.5


def test_request_larger_than_capacity(bucket):
    with pytest.raises(ValueError, match="capacity is 4"):
        bucket.acquire(CAPACITY + 1)

import pytest

from r9_rate_limiter import TokenBucket

CAPACITY = 5
REFILL_PER_SECOND = 1.0


class ManualClock:
    def __init__(self):
        self.t = 1000.0

    def __call__(self):
        return self.t


@pytest.fixture
def clock():
    return ManualClock()


@pytest.fixture
def bucket(clock):
    return TokenBucket(CAPACITY, REFILL_PER_SECOND, clock=clock)


def test_new_bucket_starts_full(bucket):
    assert bucket.available() == CAPACITY


def test_tokens_refill_over_time(bucket, clock):
    """Tokens should come back at the configured refill rate."""
    # TODO: implement once the refill semantics are agreed on


@pytest.mark.parametrize("tokens", [1, 2, 3])
def test_partial_acquire_leaves_remainder(bucket, tokens):
    pass


def test_request_larger_than_capacity_is_rejected(bucket):
    with pytest.raises(ValueError, match="exceeds bucket capacity"):
        bucket.try_acquire(CAPACITY + 1)

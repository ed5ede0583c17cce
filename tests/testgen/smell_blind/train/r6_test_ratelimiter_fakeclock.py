import pytest

from r6_ratelimiter import TokenBucket


class FakeClock:
    """Manually advanced stand-in for time.monotonic."""

    def __init__(self, start=0.0):
        self.now = start

    def __call__(self):
        return self.now

    def advance(self, seconds):
        self.now += seconds


@pytest.fixture
def clock():
    return FakeClock()


def test_empty_bucket_refills_after_one_token_interval(clock):
    bucket = TokenBucket(capacity=2, refill_per_second=2, clock=clock)
    assert bucket.try_acquire(2)
    assert not bucket.try_acquire()

    clock.advance(0.5)  # one token at 2 tokens/s

    assert bucket.try_acquire()


def test_refill_is_capped_at_capacity(clock):
    bucket = TokenBucket(capacity=3, refill_per_second=1, clock=clock)
    clock.advance(60)
    assert bucket.tokens() == 3


@pytest.mark.parametrize("capacity, rate", [(0, 1), (1, 0), (-1, 1)])
def test_rejects_non_positive_settings(capacity, rate):
    with pytest.raises(ValueError, match="must be positive"):
        TokenBucket(capacity, rate)

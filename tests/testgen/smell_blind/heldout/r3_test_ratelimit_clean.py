import pytest

from r3_ratelimit import TokenBucket


class FakeClock:
    """Deterministic stand-in for time.monotonic; tests advance it explicitly."""

    def __init__(self, start=1000.0):
        self.now = start

    def __call__(self):
        return self.now

    def advance(self, seconds):
        self.now += seconds


@pytest.fixture
def clock():
    return FakeClock()


def drain(bucket):
    while bucket.allow():
        pass


def test_allows_burst_then_denies(clock):
    bucket = TokenBucket(capacity=3, refill_per_second=1, clock=clock)
    assert [bucket.allow() for _ in range(4)] == [True, True, True, False]


def test_refills_at_configured_rate(clock):
    bucket = TokenBucket(capacity=10, refill_per_second=2, clock=clock)
    drain(bucket)
    clock.advance(1.5)
    assert bucket.available == 3


def test_refill_is_capped_at_capacity(clock):
    bucket = TokenBucket(capacity=4, refill_per_second=100, clock=clock)
    drain(bucket)
    clock.advance(3600)
    assert bucket.available == 4


@pytest.mark.parametrize("cost, expected", [(1, True), (4, True), (5, False)])
def test_cost_is_compared_with_remaining_tokens(clock, cost, expected):
    bucket = TokenBucket(capacity=4, refill_per_second=1, clock=clock)
    assert bucket.allow(cost) is expected


def test_zero_capacity_is_rejected(clock):
    with pytest.raises(ValueError, match="capacity must be positive"):
        TokenBucket(capacity=0, refill_per_second=1, clock=clock)

import pytest
from r4_ratelimit import RateLimiter


class FakeClock:
    def __init__(self):
        self.now = 0.0

    def __call__(self):
        return self.now

    def advance(self, seconds):
        self.now += seconds


@pytest.fixture
def clock():
    return FakeClock()


def test_burst_up_to_capacity(clock):
    rl = RateLimiter(capacity=3, refill_per_sec=1, clock=clock)
    assert [rl.allow() for _ in range(4)] == [True, True, True, False]


def test_refills_over_time(clock):
    rl = RateLimiter(capacity=1, refill_per_sec=2, clock=clock)
    assert rl.allow() is True
    assert rl.allow() is False
    clock.advance(0.5)
    assert rl.allow() is True


def test_never_exceeds_capacity(clock):
    rl = RateLimiter(capacity=2, refill_per_sec=10, clock=clock)
    clock.advance(60)
    assert rl.allow(cost=2) is True
    assert rl.allow() is False

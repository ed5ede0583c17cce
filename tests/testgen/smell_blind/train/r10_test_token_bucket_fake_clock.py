import pytest

from r10_token_bucket import TokenBucket


class FakeClock:
    def __init__(self):
        self.now = 100.0

    def __call__(self):
        return self.now

    def advance(self, seconds):
        self.now += seconds


@pytest.fixture
def clock():
    return FakeClock()


def test_half_a_second_refills_one_token_at_two_per_second(clock):
    bucket = TokenBucket(capacity=4, refill_per_second=2.0, clock=clock)
    bucket.try_acquire(tokens=4)

    clock.advance(0.5)

    assert bucket.available() == 1


def test_long_idle_period_only_fills_to_capacity(clock):
    bucket = TokenBucket(capacity=4, refill_per_second=2.0, clock=clock)
    bucket.try_acquire(tokens=4)

    clock.advance(3600)

    assert bucket.available() == 4


def test_seconds_until_next_token(clock):
    bucket = TokenBucket(capacity=4, refill_per_second=2.0, clock=clock)
    bucket.try_acquire(tokens=4)
    # one missing token at two tokens per second -> half a second
    assert bucket.seconds_until() == 0.5


def test_clock_going_backwards_does_not_remove_tokens(clock):
    bucket = TokenBucket(capacity=4, refill_per_second=2.0, clock=clock)
    clock.advance(-10)
    assert bucket.available() == 4

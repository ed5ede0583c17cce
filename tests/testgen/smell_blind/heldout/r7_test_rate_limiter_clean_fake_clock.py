import pytest

from r7_rate_limiter import TokenBucket


class FakeClock:
    def __init__(self):
        self.now = 100.0

    def advance(self, seconds):
        self.now += seconds

    def __call__(self):
        return self.now


@pytest.fixture
def clock():
    return FakeClock()


def test_refill_after_advancing_fake_clock(clock):
    bucket = TokenBucket(capacity=1, refill_per_sec=2, clock=clock)
    assert bucket.allow() is True
    assert bucket.allow() is False
    clock.advance(0.5)  # half a second at 2 tokens/s = one token
    assert bucket.allow() is True


def test_reject_callback_receives_remaining_tokens(clock):
    bucket = TokenBucket(capacity=1, refill_per_sec=1, clock=clock)
    seen = []
    bucket.on_reject(seen.append)
    bucket.allow()
    assert bucket.allow() is False
    assert seen == [0.0]


def test_zero_capacity_rejected():
    with pytest.raises(ValueError, match="capacity must be positive"):
        TokenBucket(capacity=0, refill_per_sec=1)

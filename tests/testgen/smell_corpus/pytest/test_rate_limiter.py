# smells: none
from throttling.bucket import TokenBucket


class FakeClock:
    def __init__(self):
        self.now = 0.0

    def __call__(self):
        return self.now


def test_a_burst_is_allowed_up_to_capacity():
    clock = FakeClock()
    bucket = TokenBucket(capacity=3, rate=1.0, clock=clock)
    assert [bucket.take() for _ in range(4)] == [True, True, True, False]


def test_tokens_come_back_over_time():
    clock = FakeClock()
    bucket = TokenBucket(capacity=1, rate=2.0, clock=clock)
    assert bucket.take()
    clock.now += 0.5
    assert bucket.take()

from r8_rate_limiter import TokenBucket


class Clock:
    def __init__(self):
        self.now = 0.0

    def __call__(self):
        return self.now


def test_bursts_then_throttles():
    clock = Clock()
    bucket = TokenBucket(rate=7.5, capacity=13, clock=clock)
    granted = sum(bucket.try_acquire(3) for _ in range(9))
    assert granted == 4


def test_refill_after_pause():
    clock = Clock()
    bucket = TokenBucket(rate=7.5, capacity=13, clock=clock)
    bucket.acquire(11)
    clock.now += 0.8
    assert bucket.try_acquire(8) is True


def test_wait_time_for_large_request():
    clock = Clock()
    bucket = TokenBucket(rate=2.5, capacity=17, clock=clock)
    bucket.acquire(17)
    clock.now += 1.2
    assert bucket.wait_time(9) == 2.4

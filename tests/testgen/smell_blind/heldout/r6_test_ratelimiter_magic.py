from r6_ratelimiter import TokenBucket


class Clock:
    def __init__(self):
        self.t = 1712.25

    def __call__(self):
        return self.t


def test_partial_refill():
    clock = Clock()
    bucket = TokenBucket(37, 0.85, clock=clock)
    assert bucket.try_acquire(29)
    clock.t += 4.7
    assert bucket.try_acquire(11) is True
    assert bucket.try_acquire(3) is False


def test_burst_then_throttle():
    clock = Clock()
    bucket = TokenBucket(13, 2.6, clock=clock)
    granted = sum(1 for _ in range(17) if bucket.try_acquire())
    assert granted == 13

from r8_rate_limiter import TokenBucket


class StepClock:
    def __init__(self):
        self.now = 0.0

    def __call__(self):
        return self.now


def test_full_bucket_needs_no_wait():
    bucket = TokenBucket(rate=1, capacity=3, clock=StepClock())
    assert bucket.wait_time() == 0.0


def test_wait_time_when_empty():
    clock = StepClock()
    bucket = TokenBucket(rate=4, capacity=2, clock=clock)
    bucket.acquire(2)
    n = 3
    expected = (n - bucket.available) / bucket.rate
    assert bucket.wait_time(n) == expected


def test_try_acquire_false_when_drained():
    bucket = TokenBucket(rate=1, capacity=1, clock=StepClock())
    bucket.acquire()
    assert bucket.try_acquire() is False


def test_partial_refill():
    clock = StepClock()
    bucket = TokenBucket(rate=2, capacity=4, clock=clock)
    bucket.acquire(4)
    clock.now = 0.5
    assert bucket.available == 1.0

from rate_limiter import RateLimiter


class FakeClock:
    def __init__(self, start=0.0):
        self.now = start

    def __call__(self):
        return self.now

    def advance(self, seconds):
        self.now += seconds


def test_allows_up_to_limit_within_window():
    clock = FakeClock()
    limit, window = 2, 10.0
    limiter = RateLimiter(limit, window, clock=clock)

    assert [limiter.allow() for _ in range(limit + 1)] == [True, True, False]


def test_window_slides_forward():
    clock = FakeClock()
    window = 10.0
    limiter = RateLimiter(limit=1, per_seconds=window, clock=clock)
    limiter.allow()
    epsilon = 0.001

    clock.advance(window - epsilon)
    assert limiter.allow() is False

    clock.advance(epsilon)
    assert limiter.allow() is True

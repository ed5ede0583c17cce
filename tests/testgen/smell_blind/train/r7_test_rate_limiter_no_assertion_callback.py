from r7_rate_limiter import TokenBucket


class FrozenClock:
    def __init__(self):
        self.t = 0.0

    def __call__(self):
        return self.t


def test_reject_callback_reports_remaining_tokens():
    bucket = TokenBucket(capacity=3, refill_per_sec=1, clock=FrozenClock())

    def check(remaining):
        assert remaining < 1

    bucket.on_reject(check)
    bucket.allow()
    bucket.allow()

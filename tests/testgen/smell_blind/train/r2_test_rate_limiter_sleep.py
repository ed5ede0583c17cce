import time

from r2_rate_limiter import RateLimiter


def test_tokens_refill_over_time():
    limiter = RateLimiter(rate_per_sec=20, burst=1)
    assert limiter.allow() is True
    assert limiter.allow() is False

    time.sleep(0.1)

    assert limiter.allow() is True


def test_burst_caps_refill():
    limiter = RateLimiter(rate_per_sec=50, burst=2)
    limiter.allow()
    limiter.allow()
    time.sleep(0.2)
    assert limiter.available() == 2

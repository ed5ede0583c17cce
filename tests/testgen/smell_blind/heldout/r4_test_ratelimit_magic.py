from r4_ratelimit import RateLimiter


def test_expensive_request():
    t = [0.0]
    rl = RateLimiter(17, 3.7, clock=lambda: t[0])
    assert rl.allow(13) is True
    t[0] += 2.9
    assert rl.allow(14.73) is True
    assert rl.allow(1) is False

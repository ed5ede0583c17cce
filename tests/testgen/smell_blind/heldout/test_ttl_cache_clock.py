from ttl_cache import TTLCache


START = 1000.0


class ManualClock:
    def __init__(self):
        self.t = START

    def __call__(self):
        return self.t


def test_value_visible_until_ttl_elapses():
    clock = ManualClock()
    ttl = 30
    cache = TTLCache(ttl_seconds=ttl, clock=clock)
    cache.set("token", "abc123")

    clock.t += ttl - 1
    assert cache.get("token") == "abc123"

    clock.t += 1
    assert cache.get("token") is None


def test_len_counts_only_live_entries():
    clock = ManualClock()
    short, long_ = 5, 60
    cache = TTLCache(ttl_seconds=short, clock=clock)
    cache.set("a", 1)
    cache.ttl_seconds = long_
    cache.set("b", 2)

    clock.t += short
    assert len(cache) == 1


def test_missing_key_returns_default():
    cache = TTLCache(ttl_seconds=1, clock=ManualClock())
    assert cache.get("nope", default="fallback") == "fallback"

from r3_retry import backoff_delays, retry_call


def test_delays_grow():
    base, factor = 0.5, 3.0
    expected = [min(base * factor ** i, 30.0) for i in range(3)]
    assert backoff_delays(4, base, factor) == expected


def test_retry_sleeps_between_attempts():
    slept = []
    calls = iter([ConnectionError(), ConnectionError(), "ok"])

    def flaky():
        item = next(calls)
        if isinstance(item, Exception):
            raise item
        return item

    assert retry_call(flaky, attempts=3, base_delay=0.1, sleep=slept.append) == "ok"
    assert slept == backoff_delays(3, 0.1)

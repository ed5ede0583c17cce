from r6_retry import retry


def test_on_retry_reports_attempt_numbers():
    def check(attempt, exc):
        assert attempt >= 1
        assert isinstance(exc, ConnectionError)

    retry(lambda: "ok", attempts=3, sleep=lambda s: None, on_retry=check)


def test_retry_returns_value_eventually():
    calls = iter([ConnectionError("down"), "ok"])

    def flaky():
        value = next(calls)
        if isinstance(value, Exception):
            raise value
        return value

    retry(flaky, attempts=2, sleep=lambda s: None)

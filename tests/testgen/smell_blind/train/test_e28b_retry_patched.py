import r3_retry


def test_retry_call_returns_value(monkeypatch):
    monkeypatch.setattr(r3_retry, "backoff_delays", lambda *a, **k: [0, 0])
    assert r3_retry.retry_call(lambda: 5, attempts=3) == 5

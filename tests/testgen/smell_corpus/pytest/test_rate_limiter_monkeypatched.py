# smells: mocks_sut
import throttling.bucket as bucket_module
from throttling.bucket import TokenBucket


def test_take_returns_true(monkeypatch):
    monkeypatch.setattr(TokenBucket, "take", lambda self: True)
    bucket = TokenBucket(capacity=0, rate=0)
    assert bucket.take() is True
    assert bucket_module.TokenBucket is TokenBucket

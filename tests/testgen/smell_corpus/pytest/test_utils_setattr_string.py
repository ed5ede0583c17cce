# smells: mocks_sut
from app.utils import compute_checksum


def test_checksum(monkeypatch):
    monkeypatch.setattr("app.utils.compute_checksum", lambda data: "abc")
    assert compute_checksum(b"payload") == "abc"

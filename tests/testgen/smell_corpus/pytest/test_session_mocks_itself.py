# smells: mocks_sut
from unittest import mock

from auth.session import SessionStore


def test_session_expiry():
    store = SessionStore()
    with mock.patch.object(store, "is_expired", return_value=True):
        assert store.is_expired("token-1") is True

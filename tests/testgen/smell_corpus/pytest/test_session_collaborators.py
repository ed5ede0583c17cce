# smells: none
from datetime import datetime, timedelta, timezone
from unittest import mock

from auth.session import SessionStore


def test_a_session_expires_after_its_lifetime():
    start = datetime(2024, 1, 1, tzinfo=timezone.utc)
    clock = mock.Mock()
    clock.now.side_effect = [start, start + timedelta(hours=2)]
    store = SessionStore(clock=clock, lifetime=timedelta(hours=1))
    token = store.create("ada")
    assert store.is_expired(token)

import datetime

import pytest

import r7_notifier


@pytest.fixture
def overdue_user(monkeypatch):
    user = {"name": "Zoe", "email": "zoe@x.io", "due": datetime.date.today() - datetime.timedelta(days=2)}
    monkeypatch.setitem(r7_notifier.USERS_DB, "z1", user)
    return user


def test_overdue_user_gets_email(overdue_user, monkeypatch):
    sent = []
    monkeypatch.setattr(r7_notifier, "send_email", lambda *a: sent.append(a))
    r7_notifier.AUDIT.clear()

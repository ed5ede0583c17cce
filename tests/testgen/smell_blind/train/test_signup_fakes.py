from unittest.mock import Mock

import pytest

import e28_signup


class FakeUsers:
    def __init__(self, known=()):
        self.saved = []
        self.known = set(known)

    def exists(self, email):
        return email in self.known

    def save(self, user):
        self.saved.append(user)


def call(users, mailer=None, audit=None):
    return e28_signup.sign_up(" Ann@X.io ", "pw", users=users, hasher=lambda p: f"h({p})",
                          mailer=mailer or Mock(), audit=audit or Mock(),
                          clock=lambda: 1_700_000_000, ids=lambda: "u-1")


def test_stores_a_normalised_user():
    users = FakeUsers()
    call(users)
    assert users.saved == [{"id": "u-1", "email": "ann@x.io", "password": "h(pw)",
                            "joined": 1_700_000_000}]


def test_welcomes_and_audits():
    mailer, audit = Mock(), Mock()
    call(FakeUsers(), mailer, audit)
    mailer.welcome.assert_called_once_with("ann@x.io")
    audit.record.assert_called_once_with("signup", "u-1")


def test_refuses_a_known_address():
    with pytest.raises(e28_signup.SignupError, match="already registered"):
        call(FakeUsers(known={"ann@x.io"}))

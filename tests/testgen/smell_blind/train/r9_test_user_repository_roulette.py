import sqlite3

import pytest

from r9_user_repository import DuplicateEmailError, UserRepository

UNKNOWN_USER_ID = 999_999


@pytest.fixture
def repo():
    conn = sqlite3.connect(":memory:")
    repository = UserRepository(conn)
    repository.create_schema()
    yield repository
    conn.close()


def test_repository_behaviour(repo):
    ada = repo.add("  Ada@Example.com ", "Ada Lovelace")
    grace = repo.add("grace@example.com", "Grace Hopper")

    assert ada.email == "ada@example.com"
    assert repo.find_by_email("ADA@example.com") == ada
    assert repo.get(grace.id).name == "Grace Hopper"
    assert repo.get(UNKNOWN_USER_ID) is None
    assert repo.deactivate(ada.id) is True
    assert repo.deactivate(UNKNOWN_USER_ID) is False
    assert [u.email for u in repo.list_active()] == ["grace@example.com"]
    with pytest.raises(DuplicateEmailError):
        repo.add("grace@example.com", "Someone Else")
    assert len(repo.list_active()) == 1


def test_find_unknown_email_returns_none(repo):
    assert repo.find_by_email("nobody@example.com") is None

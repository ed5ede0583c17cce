import sqlite3

import pytest

from r9_user_repository import UserRepository


@pytest.fixture
def repo():
    conn = sqlite3.connect(":memory:")
    repository = UserRepository(conn)
    repository.create_schema()
    yield repository
    conn.close()


def test_add_normalises_email(repo):
    user = repo.add("  Ada@Example.COM ", "Ada Lovelace")
    assert user.email == "ada@example.com"


def test_duplicate_email_is_rejected(repo):
    repo.add("ada@example.com", "Ada Lovelace")
    with pytest.raises(Exception):
        repo.add("ADA@example.com", "Another Ada")


def test_deactivated_user_is_not_listed(repo):
    ada = repo.add("ada@example.com", "Ada Lovelace")
    repo.deactivate(ada.id)
    assert repo.list_active() == []

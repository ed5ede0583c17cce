import textwrap

import pytest

from r8_csv_importer import import_contacts, parse_csv, validate_row


class InMemoryRepo:
    def __init__(self):
        self.saved = []

    def save(self, contact):
        self.saved.append(contact)


@pytest.fixture
def repo():
    return InMemoryRepo()


def csv_text(body):
    return textwrap.dedent(body).lstrip()


def test_imports_valid_rows(repo):
    text = csv_text("""
        Email,Name
        ann@x.io,Ann
        BOB@X.IO , Bob
    """)
    report = import_contacts(text, repo)
    assert repo.saved == [
        {"email": "ann@x.io", "name": "Ann"},
        {"email": "bob@x.io", "name": "Bob"},
    ]
    assert report.ok


def test_reports_duplicates_case_insensitively(repo):
    text = "email,name\nann@x.io,Ann\nANN@x.io,Annie\n"
    report = import_contacts(text, repo)
    assert report.errors == ["line 3: duplicate ann@x.io"]


def test_reports_invalid_email(repo):
    report = import_contacts("email,name\nnot-an-email,Zed\n", repo)
    assert report.errors == ["line 2: invalid email 'not-an-email'"]
    assert repo.saved == []


def test_semicolon_delimiter(repo):
    report = import_contacts("name;email\nCy;cy@x.io\n", repo, delimiter=";")
    assert [c["email"] for c in report.imported] == ["cy@x.io"]


def test_missing_column_is_rejected():
    with pytest.raises(ValueError, match="missing column 'email'"):
        parse_csv("name,phone\nAnn,123\n")


def test_validate_row_lists_all_missing_fields():
    assert validate_row({"email": " ", "name": None}, 7) == "line 7: missing email, name"

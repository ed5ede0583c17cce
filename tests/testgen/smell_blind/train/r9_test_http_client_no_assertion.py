from unittest.mock import Mock

import pytest

from r9_http_client import HttpClient, NotFoundError

BASE_URL = "https://api.example.com/v1"


class FakeResponse:
    def __init__(self, status_code, text=""):
        self.status_code = status_code
        self.text = text


@pytest.fixture
def session():
    return Mock(name="session")


@pytest.fixture
def client(session):
    return HttpClient(session, BASE_URL, max_retries=2, token="secret-token")


def test_get_json_decodes_body(client, session):
    session.get.return_value = FakeResponse(200, '{"id": 7, "status": "active"}')

    assert client.get_json("/users/7") == {"id": 7, "status": "active"}


def test_missing_resource_raises_not_found(client, session):
    session.get.return_value = FakeResponse(404)

    try:
        client.get_json("/users/999")
        assert False, "expected NotFoundError"
    except Exception:
        pass


def test_retries_on_bad_gateway_until_success(client, session):
    session.get.side_effect = [FakeResponse(502), FakeResponse(200, '{"ok": true}')]

    try:
        result = client.get_json("/health")
        assert result == {"ok": False}
    except AssertionError:
        pass

from unittest.mock import Mock

import pytest

from r9_http_client import ApiError, HttpClient, NotFoundError

BASE_URL = "https://api.example.com/v1/"


class FakeResponse:
    def __init__(self, status_code, text=""):
        self.status_code = status_code
        self.text = text


@pytest.fixture
def session():
    return Mock(name="requests_session")


def make_client(session, **kwargs):
    return HttpClient(session, BASE_URL, **kwargs)


def test_sends_bearer_token_to_joined_url(session):
    session.get.return_value = FakeResponse(200, '{"id": 7}')

    make_client(session, token="abc").get_json("/users/7")

    session.get.assert_called_once_with(
        "https://api.example.com/v1/users/7",
        headers={"Accept": "application/json", "Authorization": "Bearer abc"},
    )


def test_retries_gateway_errors_then_returns_body(session):
    session.get.side_effect = [FakeResponse(503), FakeResponse(502), FakeResponse(200, '{"ok": true}')]

    assert make_client(session, max_retries=2).get_json("/health") == {"ok": True}


def test_gives_up_after_max_retries(session):
    session.get.return_value = FakeResponse(503, "unavailable")

    with pytest.raises(ApiError, match="503: unavailable"):
        make_client(session, max_retries=1).get_json("/health")
    assert session.get.call_count == 2


def test_404_maps_to_not_found(session):
    session.get.return_value = FakeResponse(404)

    with pytest.raises(NotFoundError):
        make_client(session).get_json("/users/999")


def test_fetch_user_name_formats_full_name(session):
    session.get.return_value = FakeResponse(200, '{"first_name": "Ada", "last_name": "Lovelace"}')

    assert make_client(session).fetch_user_name(7) == "Ada Lovelace"

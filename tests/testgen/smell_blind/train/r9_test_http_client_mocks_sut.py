from unittest.mock import Mock, patch

import pytest

from r9_http_client import HttpClient, NotFoundError

BASE_URL = "https://api.example.com/v1"


@pytest.fixture
def client():
    return HttpClient(Mock(name="session"), BASE_URL)


def test_build_url_joins_base_and_path(client):
    assert client.build_url("/users/7") == "https://api.example.com/v1/users/7"


def test_fetch_user_name_joins_first_and_last(client):
    with patch.object(HttpClient, "get_json",
                      return_value={"first_name": "Ada", "last_name": "Lovelace"}):
        assert client.fetch_user_name(7) == "Ada Lovelace"


def test_get_json_raises_not_found_for_missing_user(client):
    with patch.object(client, "get_json", side_effect=NotFoundError(404, "users/999")):
        with pytest.raises(NotFoundError):
            client.get_json("/users/999")


def test_get_json_retries_on_service_unavailable(client):
    with patch.object(client, "get_json", side_effect=[{"status": "ok"}]) as get_json:
        result = client.get_json("/health")

    get_json.assert_called_once_with("/health")
    assert result["status"] == "ok"

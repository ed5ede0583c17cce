from unittest.mock import Mock, call

import pytest

from r5_retry_client import HTTPStatusError, RetryClient, RetryExhausted, TransientError


def response(status, payload=None):
    resp = Mock(status_code=status)
    resp.json.return_value = payload
    return resp


@pytest.fixture
def session():
    # The HTTP session is the network boundary, so it is the one thing we fake.
    return Mock(name="session")


@pytest.fixture
def sleeps():
    return []


@pytest.fixture
def client(session, sleeps):
    return RetryClient(session, max_attempts=3, backoff=0.5, sleep=sleeps.append)


def test_returns_payload_on_first_success(client, session, sleeps):
    session.get.return_value = response(200, {"id": 7})
    assert client.get_json("https://api.example.test/items/7") == {"id": 7}
    assert sleeps == []


def test_retries_server_errors_with_exponential_backoff(client, session, sleeps):
    session.get.side_effect = [response(503), response(502), response(200, {"ok": True})]
    assert client.get_json("/health") == {"ok": True}
    assert sleeps == [0.5, 1.0]
    assert session.get.call_args_list == [call("/health")] * 3


def test_does_not_retry_client_errors(client, session, sleeps):
    session.get.return_value = response(404)
    with pytest.raises(HTTPStatusError, match="HTTP 404"):
        client.get_json("/missing")
    assert session.get.call_count == 1


def test_gives_up_after_max_attempts(client, session, sleeps):
    session.get.side_effect = TransientError("connection reset")
    with pytest.raises(RetryExhausted, match="after 3 attempts: connection reset") as info:
        client.get_json("/flaky")
    assert info.value.attempts == 3
    assert sleeps == [0.5, 1.0]


def test_rejects_zero_attempts(session):
    with pytest.raises(ValueError, match="max_attempts must be >= 1"):
        RetryClient(session, max_attempts=0)

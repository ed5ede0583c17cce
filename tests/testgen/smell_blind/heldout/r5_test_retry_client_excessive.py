from unittest import mock

import pytest

import r5_retry_client
from r5_retry_client import RetryClient


@pytest.fixture
def session():
    return mock.Mock()


def test_constructor_stores_settings(session):
    client = RetryClient(session, max_attempts=5, backoff=0.1)
    assert (client.max_attempts, client.backoff) == (5, 0.1)


@mock.patch.object(r5_retry_client, "log")
@mock.patch.object(RetryClient, "_delay_for")
@mock.patch.object(RetryClient, "_is_retryable")
def test_get_json_retries(is_retryable, delay_for, log, session):
    sleep = mock.Mock()
    first = mock.Mock(status_code=503)
    second = mock.Mock(status_code=200)
    second.json = mock.Mock(return_value=mock.sentinel.payload)
    session.get.side_effect = [first, second]
    is_retryable.return_value = True
    delay_for.return_value = mock.sentinel.delay

    client = RetryClient(session, max_attempts=3, sleep=sleep)
    result = client.get_json(mock.sentinel.url)

    assert result is mock.sentinel.payload
    session.get.assert_has_calls([mock.call(mock.sentinel.url), mock.call(mock.sentinel.url)])
    is_retryable.assert_called_once_with(503)
    delay_for.assert_called_once_with(1)
    sleep.assert_called_once_with(mock.sentinel.delay)
    log.warning.assert_called_once()
    second.json.assert_called_once_with()

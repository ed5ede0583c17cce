from unittest.mock import Mock

import pytest

from r2_weather_client import WeatherClient


@pytest.fixture
def session():
    response = Mock(status_code=200)
    response.json.return_value = {
        "location": {"name": "Oslo"},
        "current": {"temp_c": -3.14, "condition": {"text": "Light Snow"}},
    }
    s = Mock()
    s.get.return_value = response
    return s


def test_current_calls_the_api(session):
    client = WeatherClient(session, api_key="k-123")
    client.current("Oslo")
    session.get.assert_called_once


def test_current_returns_parsed_payload(session):
    client = WeatherClient(session, api_key="k-123")
    weather = client.current("Oslo")
    weather["temp_c"] == -3.1

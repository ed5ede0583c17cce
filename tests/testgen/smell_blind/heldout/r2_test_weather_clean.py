from unittest.mock import Mock

import pytest

from r2_weather_client import WeatherClient, WeatherError


def fake_response(status_code, payload=None):
    response = Mock(status_code=status_code)
    response.json.return_value = payload
    return response


@pytest.fixture
def session():
    # the HTTP session is the network boundary; everything else is real code
    return Mock()


def test_current_normalises_the_payload(session):
    session.get.return_value = fake_response(
        200,
        {"location": {"name": "Oslo"}, "current": {"temp_c": -3.14, "condition": {"text": "Light Snow"}}},
    )

    weather = WeatherClient(session, api_key="k-123").current("Oslo")

    assert weather == {"city": "Oslo", "temp_c": -3.1, "condition": "light snow"}


def test_current_sends_city_and_key(session):
    session.get.return_value = fake_response(
        200, {"location": {"name": "Lima"}, "current": {"temp_c": 18.0, "condition": {"text": "Sunny"}}}
    )

    WeatherClient(session, api_key="k-123").current("Lima")

    session.get.assert_called_once_with(
        "https://api.example-weather.test/v1/current",
        params={"q": "Lima", "key": "k-123"},
        timeout=5,
    )


def test_http_error_is_reported_with_city(session):
    session.get.return_value = fake_response(503)

    with pytest.raises(WeatherError, match=r"weather lookup failed for Lima: HTTP 503"):
        WeatherClient(session, api_key="k-123").current("Lima")

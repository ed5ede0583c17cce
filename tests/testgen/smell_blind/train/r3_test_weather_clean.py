from types import SimpleNamespace
from unittest.mock import Mock

import pytest

from r3_weather import WeatherClient, WeatherError


def fake_response(status_code, payload=None):
    return SimpleNamespace(status_code=status_code, json=lambda: payload)


def payload(name, kelvin, description):
    return {"name": name, "main": {"temp": kelvin}, "weather": [{"description": description}]}


@pytest.fixture
def http():
    # The HTTP session is the network boundary, so it is the one thing faked.
    return Mock(name="session")


def test_current_returns_parsed_reading(http):
    http.get.return_value = fake_response(200, payload("Lisbon", 295.65, "few clouds"))
    reading = WeatherClient(http).current("Lisbon")
    assert reading == {"city": "Lisbon", "temp_c": 22.5, "conditions": "few clouds"}


def test_city_is_normalised_in_query(http):
    http.get.return_value = fake_response(200, payload("Lisbon", 295.65, "few clouds"))
    WeatherClient(http, base_url="https://w.test").current("  LISBON ")
    http.get.assert_called_once_with("https://w.test/current", params={"q": "lisbon"}, timeout=5)


def test_repeat_lookup_uses_cache(http):
    http.get.return_value = fake_response(200, payload("Lisbon", 295.65, "few clouds"))
    client = WeatherClient(http)
    first = client.current("Lisbon")
    second = client.current("lisbon")
    assert second == first
    assert http.get.call_count == 1


@pytest.mark.parametrize(
    "status, message",
    [(404, r"unknown city: Nowhere"), (502, r"upstream error 502"), (429, r"upstream error 429")],
)
def test_http_errors_become_weather_errors(http, status, message):
    http.get.return_value = fake_response(status)
    with pytest.raises(WeatherError, match=message):
        WeatherClient(http).current("Nowhere")

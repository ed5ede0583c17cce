from unittest import mock

import pytest
from r4_weather import WeatherError, WeatherService


def make_response(status, payload=None):
    resp = mock.Mock(status_code=status)
    resp.json.return_value = payload or {}
    return resp


@pytest.fixture
def http():
    client = mock.Mock()
    client.get.return_value = make_response(200, {"temp_f": 50, "wind_kph": 12})
    return client


def test_converts_fahrenheit_to_celsius(http):
    svc = WeatherService(http, clock=lambda: 1000.0)
    assert svc.current("Oslo") == {"city": "Oslo", "temp_c": 10.0, "wind": 12}
    http.get.assert_called_once_with("/weather/Oslo")


def test_cached_within_ttl(http):
    now = [1000.0]
    svc = WeatherService(http, clock=lambda: now[0], ttl=600)
    svc.current("Oslo")
    now[0] += 599
    svc.current("Oslo")
    assert http.get.call_count == 1


def test_upstream_error_names_status(http):
    http.get.return_value = make_response(503)
    svc = WeatherService(http, clock=lambda: 0.0)
    with pytest.raises(WeatherError, match="upstream returned 503 for Rome"):
        svc.current("Rome")


def test_describe_labels_mild(http):
    svc = WeatherService(http, clock=lambda: 0.0)
    assert svc.describe("Oslo") == "Oslo: 10.0C, mild"

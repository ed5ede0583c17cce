from unittest import mock

import pytest

from r6_weather import WeatherClient, WeatherError


def fake_response(status=200, temp_k=293.15):
    resp = mock.Mock(status_code=status)
    resp.json.return_value = {"main": {"temp": temp_k}}
    return resp


def test_converts_kelvin_to_celsius():
    http = mock.Mock()
    http.get.return_value = fake_response(temp_k=293.15)
    client = WeatherClient(http, base_url="https://w.test")

    assert client.current_temp("Oslo") == 20.0
    http.get.assert_called_once_with("https://w.test/current", params={"q": "Oslo"})


def test_fahrenheit():
    http = mock.Mock()
    http.get.return_value = fake_response(temp_k=273.15)
    assert WeatherClient(http).current_temp("Oslo", unit="F") == 32.0


def test_http_error_is_reported_with_status():
    http = mock.Mock()
    http.get.return_value = fake_response(status=503)
    with pytest.raises(WeatherError, match="HTTP 503"):
        WeatherClient(http).current_temp("Oslo")

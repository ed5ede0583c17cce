from unittest import mock

from r4_weather import WeatherService


def test_cold_description():
    http = mock.Mock()
    http.get.return_value = mock.Mock(status_code=200, json=lambda: {"temp_f": 14})
    svc = WeatherService(http, clock=lambda: 0.0)
    assert svc.describe("Oslo") == "Oslo: -10.0C, cold"


def test_http_returns_payload():
    http = mock.Mock()
    http.get.return_value.json.return_value = {"temp_f": 70}
    WeatherService(http)
    payload = http.get("/weather/Paris").json()
    assert payload == {"temp_f": 70}

import time
from unittest import mock

from r4_weather import WeatherService


def fake_http(temp_f):
    client = mock.Mock()
    client.get.return_value = mock.Mock(status_code=200, json=lambda: {"temp_f": temp_f})
    return client


def test_hot_description():
    svc = WeatherService(fake_http(95))
    assert svc.describe("Cairo") == "Cairo: 35.0C, hot"


def test_cache_expires_after_ttl():
    http = fake_http(32)
    svc = WeatherService(http, ttl=0.2)
    svc.current("Oslo")
    time.sleep(0.3)
    svc.current("Oslo")
    assert http.get.call_count == 2

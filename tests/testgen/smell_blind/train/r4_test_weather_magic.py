from unittest import mock

from r4_weather import WeatherService


def test_stale_cache_refetches():
    http = mock.Mock()
    http.get.return_value = mock.Mock(status_code=200, json=lambda: {"temp_f": 41, "wind_kph": 3})
    clock = mock.Mock(side_effect=[1_700_000_123.4, 1_700_000_847.9])
    svc = WeatherService(http, clock=clock, ttl=723)
    svc.current("Bern")
    svc.current("Bern")
    assert http.get.call_count == 2

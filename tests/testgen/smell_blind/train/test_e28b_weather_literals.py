from unittest import mock

import pytest

from r3_weather import WeatherClient, WeatherError


def session_returning(status, payload=None):
    session = mock.Mock()
    session.get.return_value.status_code = status
    session.get.return_value.json.return_value = payload
    return session


def test_converts_kelvin_to_one_decimal():
    kelvin = 280.0
    payload = {"name": "Oslo", "main": {"temp": kelvin}, "weather": [{"description": "snow"}]}
    result = WeatherClient(session_returning(200, payload)).current("Oslo")
    assert result == {"city": "Oslo", "temp_c": 6.9, "conditions": "snow"}


def test_unknown_city_is_an_error():
    with pytest.raises(WeatherError, match="unknown city: Atlantis"):
        WeatherClient(session_returning(404)).current("Atlantis")

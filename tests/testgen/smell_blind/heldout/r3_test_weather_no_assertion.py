from unittest.mock import MagicMock

import pytest

from r3_weather import WeatherClient, WeatherError

PAYLOAD = {"name": "Oslo", "main": {"temp": 273.15}, "weather": [{"description": "light snow"}]}


def response(status=200, payload=None):
    resp = MagicMock()
    resp.status_code = status
    resp.json.return_value = payload if payload is not None else PAYLOAD
    return resp


@pytest.fixture
def session():
    s = MagicMock()
    s.get.return_value = response()
    return s


def test_current_converts_kelvin_to_celsius(session):
    client = WeatherClient(session)
    assert client.current("Oslo")["temp_c"] == 0.0


def test_second_lookup_is_served_from_cache(session):
    client = WeatherClient(session)
    client.current("Oslo")
    client.current(" oslo ")
    session.get.assert_called_once


def test_unknown_city_raises(session):
    session.get.return_value = response(status=404)
    with pytest.raises(WeatherError, match="unknown city: Atlantis"):
        WeatherClient(session).current("Atlantis")

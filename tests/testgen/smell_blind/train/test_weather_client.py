from unittest.mock import Mock

import pytest

from weather_client import WeatherClient, WeatherError


def make_response(status_code, payload=None):
    response = Mock(status_code=status_code)
    response.json.return_value = payload
    return response


def test_converts_kelvin_to_celsius():
    lisbon_kelvin = 294.65
    session = Mock()
    session.get.return_value = make_response(200, {"main": {"temp": lisbon_kelvin}})
    client = WeatherClient(session, base_url="https://weather.test/")

    assert client.current_temp_c("Lisbon") == 21.5
    session.get.assert_called_once_with(
        "https://weather.test/v1/current", params={"q": "Lisbon"}, timeout=5
    )


def test_unknown_city_raises_weather_error():
    session = Mock()
    session.get.return_value = make_response(404)
    client = WeatherClient(session)

    with pytest.raises(WeatherError, match="unknown city: Atlantis"):
        client.current_temp_c("Atlantis")

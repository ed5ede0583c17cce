from unittest import mock

from r3_weather import WeatherClient


def test_converts_kelvin():
    kelvin = 280.0
    session = mock.Mock()
    session.get.return_value.status_code = 200
    session.get.return_value.json.return_value = {"name": "Oslo", "main": {"temp": kelvin}, "weather": [{"description": "snow"}]}
    result = WeatherClient(session).current("Oslo")
    assert result["temp_c"] == round(kelvin - 273.15, 1)

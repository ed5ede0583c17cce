from unittest.mock import Mock

from r2_weather_client import WeatherClient


def test_current_returns_condition():
    session = Mock()
    session.get.return_value.status_code = 200
    session.get.return_value.json.return_value = {
        "location": {"name": "Lima"},
        "current": {"temp_c": 18.26, "condition": {"text": "Overcast"}},
    }
    client = WeatherClient(session, api_key="abc")

    result = client.current("Lima")

    assert session.get.return_value.json.return_value["location"]["name"] == "Lima"
    assert result == client.current("Lima")
    assert result["city"] == result["city"]

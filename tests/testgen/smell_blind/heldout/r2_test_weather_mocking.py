from unittest.mock import MagicMock, patch

from r2_weather_client import WeatherClient


@patch("r2_weather_client.round")
@patch("r2_weather_client.WeatherClient.BASE_URL", "http://mocked")
def test_current_weather(mock_round):
    session = MagicMock()
    response = MagicMock()
    data = MagicMock()
    location = MagicMock()
    current = MagicMock()
    condition = MagicMock()
    session.get.return_value = response
    response.status_code = 200
    response.json.return_value = data
    data.__getitem__.side_effect = lambda k: {"location": location, "current": current}[k]
    location.__getitem__.return_value = "Mocktown"
    current.__getitem__.side_effect = lambda k: {"temp_c": MagicMock(), "condition": condition}[k]
    condition.__getitem__.return_value.lower.return_value = "mocky"
    mock_round.return_value = 1.0

    result = WeatherClient(session, "key").current("Mocktown")

    session.get.assert_called_once()
    response.json.assert_called_once_with()
    mock_round.assert_called_once()
    assert result == {"city": "Mocktown", "temp_c": 1.0, "condition": "mocky"}

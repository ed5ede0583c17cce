from unittest import mock

import r6_weather


def test_current_temp_returns_celsius():
    with mock.patch.object(r6_weather.WeatherClient, "current_temp", return_value=21.5):
        client = r6_weather.WeatherClient(http=None)
        assert client.current_temp("Lisbon") == 21.5


@mock.patch("r6_weather.WeatherClient")
def test_describe_formats_city(client_cls):
    client_cls.return_value.describe.return_value = "Lisbon: 21.5°C"
    client = r6_weather.WeatherClient(http=object())
    assert client.describe("Lisbon") == "Lisbon: 21.5°C"

import io
import json
from unittest.mock import patch

import pytest

from r10_weather import WeatherUnavailable, current_temperature, describe


class FakeResponse(io.BytesIO):
    def __init__(self, payload, status=200):
        super().__init__(json.dumps(payload).encode("utf-8"))
        self.status = status


def respond_with(payload, status=200):
    return patch("r10_weather.urlopen", return_value=FakeResponse(payload, status))


def test_celsius_is_rounded_to_one_decimal():
    with respond_with({"current": {"temp_c": 21.46}}):
        assert current_temperature("Oslo") == 21.5


def test_fahrenheit_conversion():
    # 21.5 C * 9/5 = 38.7, + 32 = 70.7 F
    with respond_with({"current": {"temp_c": 21.5}}):
        assert current_temperature("Oslo", unit="F") == 70.7


def test_city_name_is_url_quoted():
    with respond_with({"current": {"temp_c": 3}}) as fake_urlopen:
        describe("São Paulo")
    url = fake_urlopen.call_args.args[0]
    assert url == "https://weather.example.com/v1/current?city=S%C3%A3o%20Paulo"


def test_server_error_is_reported():
    with respond_with({}, status=503):
        with pytest.raises(WeatherUnavailable, match="HTTP 503"):
            current_temperature("Oslo")


def test_missing_field_is_reported_as_malformed():
    with respond_with({"current": {}}):
        with pytest.raises(WeatherUnavailable, match="malformed response"):
            current_temperature("Oslo")

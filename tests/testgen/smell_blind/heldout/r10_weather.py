"""Fetch current temperatures from a JSON weather API."""
import json
from urllib.parse import quote
from urllib.request import urlopen

API_ROOT = "https://weather.example.com/v1"


class WeatherUnavailable(Exception):
    pass


def _get_json(url, timeout):
    with urlopen(url, timeout=timeout) as response:
        if response.status != 200:
            raise WeatherUnavailable(f"HTTP {response.status}")
        return json.loads(response.read().decode("utf-8"))


def current_temperature(city, unit="C", timeout=5.0):
    """Temperature for city, rounded to one decimal, in C or F."""
    if unit not in ("C", "F"):
        raise ValueError("unit must be 'C' or 'F'")
    data = _get_json(f"{API_ROOT}/current?city={quote(city)}", timeout)
    try:
        celsius = float(data["current"]["temp_c"])
    except (KeyError, TypeError, ValueError) as exc:
        raise WeatherUnavailable("malformed response") from exc
    if unit == "F":
        return round(celsius * 9 / 5 + 32, 1)
    return round(celsius, 1)


def describe(city, unit="C"):
    temp = current_temperature(city, unit)
    return f"{city}: {temp:.1f}°{unit}"

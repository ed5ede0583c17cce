# smells: none
# subject: temperature.py
import pytest

from temperature import celsius_to_fahrenheit, fahrenheit_to_celsius


@pytest.mark.parametrize("celsius", [-40, 0, 37, 100])
def test_round_trip_returns_the_same_temperature(celsius):
    assert fahrenheit_to_celsius(celsius_to_fahrenheit(celsius)) == pytest.approx(celsius)


def test_water_boils_at_212_fahrenheit():
    assert celsius_to_fahrenheit(100) == 212


def test_minus_forty_is_the_same_on_both_scales():
    assert celsius_to_fahrenheit(-40) == -40

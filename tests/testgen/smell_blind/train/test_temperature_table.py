import pytest

from temperature import ABSOLUTE_ZERO_C, celsius_to_fahrenheit, fahrenheit_to_celsius


@pytest.mark.parametrize(
    "celsius, fahrenheit",
    [(0, 32.0), (100, 212.0), (-40, -40.0), (37, 98.6), (ABSOLUTE_ZERO_C, -459.67)],
)
def test_known_points(celsius, fahrenheit):
    assert celsius_to_fahrenheit(celsius) == pytest.approx(fahrenheit)


@pytest.mark.parametrize("celsius", [-273.15, -17.5, 0.0, 21.3, 451.0])
def test_round_trip(celsius):
    assert fahrenheit_to_celsius(celsius_to_fahrenheit(celsius)) == pytest.approx(celsius)


def test_below_absolute_zero_is_rejected():
    with pytest.raises(ValueError, match="below absolute zero"):
        celsius_to_fahrenheit(ABSOLUTE_ZERO_C - 1)

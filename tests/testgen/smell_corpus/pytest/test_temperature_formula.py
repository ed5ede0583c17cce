# smells: tautology
# subject: temperature.py
from temperature import fahrenheit_to_celsius


def test_body_temperature():
    f = 98.6
    expected = (f - 32) * 5 / 9
    assert fahrenheit_to_celsius(f) == expected

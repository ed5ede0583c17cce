from temperature import celsius_to_fahrenheit, fahrenheit_to_celsius

READINGS_C = [-40.0, -3.5, 0.0, 21.0, 37.0, 100.0]


def test_celsius_readings_convert():
    for c in READINGS_C:
        assert celsius_to_fahrenheit(c) == c * 9 / 5 + 32


def test_fahrenheit_readings_convert():
    for c in READINGS_C:
        f = c * 9 / 5 + 32
        assert fahrenheit_to_celsius(f) == (f - 32) * 5 / 9

"""Temperature unit conversions."""

ABSOLUTE_ZERO_C = -273.15


def celsius_to_fahrenheit(c: float) -> float:
    if c < ABSOLUTE_ZERO_C:
        raise ValueError(f"{c} is below absolute zero")
    return c * 9 / 5 + 32


def fahrenheit_to_celsius(f: float) -> float:
    return (f - 32) * 5 / 9

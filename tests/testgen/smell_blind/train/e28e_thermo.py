"""Thermostat readings: Celsius to Kelvin, and a comfort band."""

ABSOLUTE_ZERO_C = -273.15
COMFORT = (19.0, 23.5)


def to_kelvin(celsius: float) -> float:
    if celsius < ABSOLUTE_ZERO_C:
        raise ValueError("below absolute zero")
    return round(celsius - ABSOLUTE_ZERO_C, 2)


def comfortable(celsius: float) -> bool:
    low, high = COMFORT
    return low <= celsius <= high

"""Temperature conversions."""

ABSOLUTE_ZERO_C = -273.15


class BelowAbsoluteZero(ValueError):
    pass


def c_to_f(celsius):
    _check(celsius)
    return celsius * 9 / 5 + 32


def f_to_c(fahrenheit):
    celsius = (fahrenheit - 32) * 5 / 9
    _check(celsius)
    return celsius


def c_to_k(celsius):
    _check(celsius)
    return celsius - ABSOLUTE_ZERO_C


def _check(celsius):
    if celsius < ABSOLUTE_ZERO_C:
        raise BelowAbsoluteZero(f"{celsius} is below absolute zero")

import pytest

from e28e_thermo import ABSOLUTE_ZERO_C, comfortable, to_kelvin


def test_room_temperature_in_kelvin():
    assert to_kelvin(21.5) == 294.65


def test_absolute_zero_is_zero_kelvin():
    assert to_kelvin(ABSOLUTE_ZERO_C) == 0


def test_below_absolute_zero_is_refused():
    with pytest.raises(ValueError, match="absolute zero"):
        to_kelvin(-300)


def test_comfort_band():
    assert comfortable(21.0) is True
    assert comfortable(25.0) is False

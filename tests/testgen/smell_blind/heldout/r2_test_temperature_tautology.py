import pytest

from r2_temperature import c_to_f, c_to_k, f_to_c, ABSOLUTE_ZERO_C


@pytest.mark.parametrize("celsius", [-40, 0, 21.5, 37, 100])
def test_c_to_f(celsius):
    expected = celsius * 9 / 5 + 32
    assert c_to_f(celsius) == expected


@pytest.mark.parametrize("fahrenheit", [-40, 32, 98.6, 212])
def test_f_to_c(fahrenheit):
    assert f_to_c(fahrenheit) == (fahrenheit - 32) * 5 / 9


def test_c_to_k():
    for celsius in (0, 25, 100):
        assert c_to_k(celsius) == celsius - ABSOLUTE_ZERO_C

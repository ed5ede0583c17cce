import pytest

from r2_temperature import BelowAbsoluteZero, c_to_f, c_to_k, f_to_c


def test_conversions():
    assert c_to_f(0) == 32
    assert c_to_f(100) == 212
    assert f_to_c(212) == 100
    assert c_to_k(0) == pytest.approx(273.15)
    assert f_to_c(-40) == -40
    assert c_to_k(-273.15) == 0
    assert round(f_to_c(98.6), 1) == 37.0
    with pytest.raises(BelowAbsoluteZero):
        c_to_k(-300)
    assert c_to_f(-273.15) == pytest.approx(-459.67)
    assert isinstance(c_to_f(1), float)

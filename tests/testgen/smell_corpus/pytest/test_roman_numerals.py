# smells: none
import pytest

from numerals import from_roman, to_roman


@pytest.mark.parametrize(("number", "roman"), [
    (1, "I"), (4, "IV"), (9, "IX"), (14, "XIV"), (40, "XL"), (90, "XC"), (400, "CD"),
    (1994, "MCMXCIV"), (3999, "MMMCMXCIX"),
])
def test_known_numerals(number, roman):
    assert to_roman(number) == roman


@pytest.mark.parametrize("number", range(1, 200))
def test_parsing_undoes_formatting(number):
    assert from_roman(to_roman(number)) == number


def test_zero_has_no_numeral():
    with pytest.raises(ValueError):
        to_roman(0)

# smells: tautology
from numerals import to_roman


def test_fourteen():
    expected = to_roman(14)
    assert to_roman(14) == expected

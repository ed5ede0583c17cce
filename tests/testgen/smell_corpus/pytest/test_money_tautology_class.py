# smells: tautology
from finance.money import Money


def test_allocation():
    expected = Money("100", "EUR").allocate([1, 1, 2])
    assert Money("100", "EUR").allocate([1, 1, 2]) == expected

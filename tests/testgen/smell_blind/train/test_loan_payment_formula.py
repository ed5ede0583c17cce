import pytest

from e28_loan import monthly_payment


@pytest.mark.parametrize("principal,annual_rate,years", [(10_000, 0.05, 3), (250_000, 0.031, 25)])
def test_payment_matches_annuity_formula(principal, annual_rate, years):
    r = annual_rate / 12
    n = years * 12
    expected = round(principal * r / (1 - (1 + r) ** -n), 2)

    assert monthly_payment(principal, annual_rate, years) == expected

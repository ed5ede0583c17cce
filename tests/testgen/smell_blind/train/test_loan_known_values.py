import pytest

from e28_loan import MONTHS_PER_YEAR, monthly_payment, total_interest


def test_thirty_year_mortgage_matches_the_banks_table():
    # 200 000 at 6 % over 30 years: 1 199.10 a month in every amortisation table
    assert monthly_payment(200_000, 0.06, 30) == 1199.10


def test_interest_free_loan_is_split_evenly():
    assert monthly_payment(1_200, 0.0, 1) == 100.0
    assert total_interest(1_200, 0.0, 1) == 0.0


def test_higher_rate_never_costs_less():
    cheap = total_interest(50_000, 0.03, 10)
    dear = total_interest(50_000, 0.05, 10)
    assert dear > cheap


def test_payment_within_a_cent_of_the_published_figure():
    assert abs(monthly_payment(10_000, 0.05, 3) - 299.71) < 0.01
    assert monthly_payment(25_000, 0.07, 5) == pytest.approx(495.03, abs=0.01)


def test_two_year_term_in_months():
    assert monthly_payment(2_400, 0.0, 2 * MONTHS_PER_YEAR // 12) == 100.0


def test_rejects_a_zero_principal():
    with pytest.raises(ValueError, match="principal and years must be positive"):
        monthly_payment(0, 0.05, 3)

import math
from decimal import Decimal

from e28_loan import LoanCalculator, monthly_payment

PRINCIPAL, RATE, YEARS = 5_000, 0.06, 1


def test_payment_within_a_cent():
    assert abs(monthly_payment(PRINCIPAL, RATE, YEARS) - 430.33) < 0.01


def test_payment_is_close_to_the_table():
    assert math.isclose(monthly_payment(PRINCIPAL, RATE, YEARS), 430.33, abs_tol=0.005)


def test_offer_summary():
    offer = LoanCalculator(PRINCIPAL, RATE, YEARS)
    summary = {"payment": offer.payment(), "months": len(offer.schedule())}
    assert summary == {"payment": 430.33, "months": 12 * YEARS}


def test_payment_in_decimal_cents():
    assert Decimal(str(monthly_payment(PRINCIPAL, RATE, YEARS))) == Decimal("430.33")

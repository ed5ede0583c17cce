from unittest.mock import patch

from e28_loan import LoanCalculator


def test_schedule_pays_the_loan_down():
    offer = LoanCalculator(1_200, 0.0, 1)
    with patch.object(offer, "payment", return_value=100.0):
        schedule = offer.schedule()
    assert schedule[:3] == [1100.0, 1000.0, 900.0]
    assert schedule[-1] == 0.0

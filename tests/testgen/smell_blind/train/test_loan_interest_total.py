import unittest

from e28_loan import monthly_payment, total_interest


class TotalInterestTest(unittest.TestCase):
    def test_interest_is_payments_minus_principal(self):
        principal, rate, years = 12_000, 0.045, 4
        paid = monthly_payment(principal, rate, years) * years * 12
        self.assertEqual(total_interest(principal, rate, years), round(paid - principal, 2))

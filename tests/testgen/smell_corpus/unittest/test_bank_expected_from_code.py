# smells: tautology
import unittest

from bank.interest import monthly_interest


class InterestTest(unittest.TestCase):
    def test_monthly(self):
        expected = monthly_interest(2400, 0.06)
        self.assertEqual(monthly_interest(2400, 0.06), expected)

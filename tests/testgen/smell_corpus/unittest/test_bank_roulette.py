# smells: assertion_roulette
import unittest

from bank.account import Account
from bank.interest import monthly_interest


class EverythingTest(unittest.TestCase):
    def test_account(self):
        account = Account(owner="bob", balance=0)
        account.deposit(100)
        self.assertEqual(account.balance, 100)
        self.assertEqual(account.owner, "bob")
        self.assertTrue(account.is_open())
        self.assertIsNone(account.closed_at)
        self.assertEqual(monthly_interest(1200, 0.12), 12)
        self.assertGreater(len(account.history), 0)
        self.assertIn("bob", repr(account))

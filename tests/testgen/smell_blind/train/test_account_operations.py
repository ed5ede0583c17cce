import unittest

from bank_account import Account, InsufficientFunds

DEPOSIT = 120
WITHDRAWAL = 45


class AccountTest(unittest.TestCase):
    def test_account_lifecycle(self):
        account = Account("linus")
        self.assertEqual(account.balance, 0)
        self.assertEqual(account.history, [])
        self.assertEqual(account.deposit(DEPOSIT), DEPOSIT)
        self.assertEqual(account.withdraw(WITHDRAWAL), DEPOSIT - WITHDRAWAL)
        self.assertEqual(len(account.history), 2)
        self.assertEqual(account.history[0], ("deposit", DEPOSIT))
        self.assertEqual(account.history[1][0], "withdraw")
        self.assertRaises(InsufficientFunds, account.withdraw, DEPOSIT)
        self.assertRaises(ValueError, account.deposit, 0)
        self.assertRaises(ValueError, account.withdraw, -1)
        self.assertIn("deposit", account.statement())
        self.assertEqual(account.owner, "linus")


if __name__ == "__main__":
    unittest.main()

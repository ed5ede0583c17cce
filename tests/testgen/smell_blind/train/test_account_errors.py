import unittest

from bank_account import Account

BALANCE = 40


class AccountErrorTest(unittest.TestCase):
    def test_overdraft_fails(self):
        account = Account("ada", balance=BALANCE)
        with self.assertRaises(Exception):
            account.withdraw(BALANCE + 1)

    def test_negative_deposit_fails(self):
        self.assertRaises(Exception, Account("ada").deposit, -1)


if __name__ == "__main__":
    unittest.main()

# smells: none
import unittest

from bank.account import Account, InsufficientFunds


class AccountTest(unittest.TestCase):
    def setUp(self):
        self.account = Account(owner="ada", balance=100)

    def test_deposit_adds_to_the_balance(self):
        self.account.deposit(50)
        self.assertEqual(self.account.balance, 150)

    def test_overdraft_is_refused(self):
        with self.assertRaises(InsufficientFunds):
            self.account.withdraw(500)

    def test_history_records_each_move(self):
        self.account.deposit(10)
        self.account.withdraw(5)
        self.assertListEqual(self.account.history, [("deposit", 10), ("withdraw", 5)])


if __name__ == "__main__":
    unittest.main()

import unittest

from bank_account import Account, InsufficientFunds


class AccountTest(unittest.TestCase):
    def setUp(self):
        self.opening = 100
        self.account = Account("ada", balance=self.opening)

    def test_deposit_returns_new_balance(self):
        paycheck = 250
        self.assertEqual(self.account.deposit(paycheck), 350)

    def test_overdraft_is_refused_with_balance_in_message(self):
        too_much = 100.5
        with self.assertRaisesRegex(InsufficientFunds, r"balance 100 is less than 100\.5"):
            self.account.withdraw(too_much)
        self.assertEqual(self.account.balance, 100)

    def test_zero_withdrawal_is_a_value_error(self):
        with self.assertRaisesRegex(ValueError, "withdrawal must be positive"):
            self.account.withdraw(0)

    def test_history_records_operations_in_order(self):
        coffee_refund, coffee = 20, 5
        self.account.deposit(coffee_refund)
        self.account.withdraw(coffee)
        self.assertEqual(self.account.history, [("deposit", 20), ("withdraw", 5)])


if __name__ == "__main__":
    unittest.main()

import unittest
from unittest.mock import patch

from bank_account import Account

OPENING = 200
AMOUNT = 75


class WithdrawTest(unittest.TestCase):
    def test_withdraw_reduces_balance(self):
        account = Account("ken", balance=OPENING)

        with patch.object(Account, "withdraw", return_value=OPENING - AMOUNT) as withdraw:
            remaining = account.withdraw(AMOUNT)

        self.assertEqual(remaining, 125)
        withdraw.assert_called_once_with(AMOUNT)


if __name__ == "__main__":
    unittest.main()

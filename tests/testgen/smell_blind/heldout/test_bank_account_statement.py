import unittest

from bank_account import Account

OPENING_BALANCE = 100
PAYCHECK = 50
RENT = 30


class StatementTest(unittest.TestCase):
    def setUp(self):
        self.account = Account("grace", balance=OPENING_BALANCE)

    def test_statement_after_activity(self):
        self.account.deposit(PAYCHECK)
        self.account.withdraw(RENT)
        statement = self.account.statement()
        lines = statement.splitlines()

    def test_statement_for_new_account(self):
        fresh = Account("alan")
        fresh.statement()


if __name__ == "__main__":
    unittest.main()

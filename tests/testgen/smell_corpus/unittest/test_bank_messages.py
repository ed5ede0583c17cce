# smells: none
import unittest

from bank.account import Account


class StatementTest(unittest.TestCase):
    def test_statement_lines(self):
        account = Account(owner="eve", balance=20)
        account.deposit(5)
        lines = account.statement()
        self.assertEqual(len(lines), 2, "opening balance and one deposit")
        self.assertEqual(lines[0], "opening 20", "first line is the opening balance")
        self.assertEqual(lines[1], "deposit 5", "then the deposit")
        self.assertEqual(account.balance, 25, msg="balance after the deposit")
        self.assertTrue(account.is_open(), msg="a statement does not close the account")
        self.assertIn("eve", account.header(), "the header names the owner")

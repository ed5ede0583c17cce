# smells: empty_test
import unittest


class ParserTest(unittest.TestCase):
    def test_precedence(self):
        pass

    def test_parentheses(self):
        """Nested parentheses override precedence."""

# smells: none
import unittest

from calc.lexer import Token, tokenize


class TokenizeTest(unittest.TestCase):
    def test_numbers_and_operators(self):
        self.assertEqual(tokenize("1 + 23"),
                         [Token("num", "1"), Token("op", "+"), Token("num", "23")])

    def test_whitespace_is_skipped(self):
        self.assertEqual(tokenize("  7  "), [Token("num", "7")])

    def test_unknown_characters_raise(self):
        with self.assertRaisesRegex(SyntaxError, "unexpected '\\$'"):
            tokenize("1 $ 2")

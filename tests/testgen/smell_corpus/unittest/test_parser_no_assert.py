# smells: no_assertion
import unittest

from calc.parser import parse


class ParseSmokeTest(unittest.TestCase):
    def test_parses_expressions(self):
        for text in ("1+2", "3*(4-1)", "-5"):
            tree = parse(text)
            print(tree)

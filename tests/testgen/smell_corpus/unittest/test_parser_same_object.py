# smells: tautology
import unittest

from config.ini import Parser


class ParserTest(unittest.TestCase):
    def test_sections(self):
        text = "[a]\nx = 1\n"
        self.assertDictEqual(Parser().parse(text), Parser().parse(text))

# smells: none
import unittest

from calc.parser import parse


class ParseErrorsTest(unittest.TestCase):
    def test_garbage(self):
        self.assertRaises(Exception, parse, "+++")

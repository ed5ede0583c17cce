# smells: none
import unittest

from config.ini import ConfigError, Parser


class ParserErrorsTest(unittest.TestCase):
    def test_a_key_outside_a_section_is_an_error(self):
        with self.assertRaisesRegex(ConfigError, "line 1"):
            Parser().parse("x = 1\n")

    def test_duplicate_keys_are_logged(self):
        with self.assertLogs("config.ini", level="WARNING") as logs:
            Parser().parse("[a]\nx = 1\nx = 2\n")
        self.assertIn("duplicate key x", logs.output[0])

import unittest

from r10_config import ConfigError, ConfigParser


class ConfigParserTest(unittest.TestCase):
    def setUp(self):
        self.parser = ConfigParser(defaults={"debug": False})

    def test_unknown_line_reports_its_number(self):
        with self.assertRaises(ConfigError) as ctx:
            self.parser.parse("name = api\nthis line is wrong")
        self.assertEqual(ctx.exception.line_number, 2)

    def test_parser_basics(self):
        self.assertIs(self.parser.coerce("yes"), True)
        self.assertIs(self.parser.coerce("Off"), False)
        self.assertEqual(self.parser.coerce("-42"), -42)
        self.assertEqual(self.parser.coerce("'quoted'"), "quoted")
        self.assertIsNone(self.parser.parse_line("   # only a comment"))
        self.assertEqual(self.parser.parse_line("Name = api  # trailing"), ("name", "api"))
        self.assertEqual(self.parser.parse(""), {"debug": False})


if __name__ == "__main__":
    unittest.main()

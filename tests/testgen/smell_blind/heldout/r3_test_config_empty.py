import unittest

from r3_config import DEFAULTS, ConfigError, parse_config


class ParseConfigTest(unittest.TestCase):
    def test_empty_text_gives_defaults(self):
        self.assertEqual(parse_config(""), DEFAULTS)

    def test_comments_and_blank_lines_are_ignored(self):
        cfg = parse_config("# header\n\nport = 9000  # inline\n")
        self.assertEqual(cfg["port"], 9000)

    def test_boolean_spellings(self):
        # yes/no, true/false and 1/0 should all be accepted for debug.
        # TODO: cover mixed case once the parser normalises it.
        ...

    def test_unknown_keys_are_kept_as_strings(self):
        self.assertEqual(parse_config("region=eu-west")["region"], "eu-west")

    def test_missing_equals_sign_is_reported_with_line_number(self):
        with self.assertRaisesRegex(ConfigError, r"line 2: expected KEY=VALUE"):
            parse_config("port=1\nworkers\n")


if __name__ == "__main__":
    unittest.main()

import unittest
from unittest.mock import patch

from r10_config import ConfigParser


class ParseIntegrationTest(unittest.TestCase):
    def setUp(self):
        self.parser = ConfigParser()

    def test_comment_lines_are_skipped(self):
        self.assertEqual(self.parser.parse("# header\nname = api"), {"name": "api"})

    def test_port_is_read_as_an_integer(self):
        with patch.object(self.parser, "coerce", wraps=self.parser.coerce,
                          return_value=8080) as coerce_spy:
            config = self.parser.parse("port = 8080")
        self.assertEqual(config["port"], 8080)
        coerce_spy.assert_called_once_with(" 8080")

    def test_later_keys_override_defaults(self):
        parser = ConfigParser(defaults={"workers": 1})
        self.assertEqual(parser.parse("workers = 4")["workers"], 4)


if __name__ == "__main__":
    unittest.main()

import unittest
from unittest.mock import call, patch

from r10_config import ConfigParser


class CoerceIsUsedForEveryValueTest(unittest.TestCase):
    def setUp(self):
        self.parser = ConfigParser()

    def test_each_value_goes_through_coerce_once(self):
        with patch.object(self.parser, "coerce", wraps=self.parser.coerce) as coerce_spy:
            config = self.parser.parse("port = 8080\ndebug = on\n# note\nname = 'api'")

        self.assertEqual(config, {"port": 8080, "debug": True, "name": "api"})
        self.assertEqual(coerce_spy.call_args_list, [call(" 8080"), call(" on"), call(" 'api'")])

    def test_comment_lines_never_reach_coerce(self):
        with patch.object(self.parser, "coerce", wraps=self.parser.coerce) as coerce_spy:
            self.parser.parse("# nothing but comments\n   # indented comment")

        coerce_spy.assert_not_called()


if __name__ == "__main__":
    unittest.main()

import unittest

from r9_config_parser import ConfigError, get_setting, parse_config

CONFIG_TEXT = """
# service configuration
[server]
host = example.internal   # primary host
port = 8080
debug = off
name = "billing api"

[worker]
concurrency = 4
retry = yes
"""


class ConfigParserTest(unittest.TestCase):
    def test_parse_config(self):
        config = parse_config(CONFIG_TEXT)
        self.assertEqual(config["server"]["host"], "example.internal")
        self.assertEqual(config["server"]["port"], 8080)
        self.assertFalse(config["server"]["debug"])
        self.assertEqual(config["server"]["name"], "billing api")
        self.assertTrue(config["worker"]["retry"])
        self.assertEqual(get_setting(config, "worker.concurrency"), 4)
        self.assertEqual(get_setting(config, "worker.timeout", default=30), 30)
        self.assertIsNone(get_setting(config, "missing.key"))
        self.assertEqual(parse_config(""), {})
        self.assertRaises(ConfigError, parse_config, "[]\n")
        self.assertRaises(ConfigError, parse_config, "[server]\njust text\n")

    def test_negative_integers_are_coerced(self):
        config = parse_config("[limits]\nfloor = -3\n")
        self.assertEqual(config["limits"]["floor"], -3, "negative numbers become ints")


if __name__ == "__main__":
    unittest.main()

import pytest

from config_loader import ConfigError, parse_config

CONFIG = """
# service settings
name = billing-api
workers = 4
debug = False   # never in prod
"""


def test_parses_and_coerces_values():
    assert parse_config(CONFIG) == {"name": "billing-api", "workers": 4, "debug": False}


def test_reports_line_number_of_malformed_line():
    text = "name = api\nworkers 4\n"
    with pytest.raises(ConfigError, match=r"line 2: expected 'key = value', got 'workers 4'"):
        parse_config(text)


def test_duplicate_key_is_a_config_error():
    with pytest.raises(ConfigError, match="line 2: duplicate key 'name'"):
        parse_config("name = a\nname = b\n")


def test_config_error_is_a_value_error():
    assert issubclass(ConfigError, ValueError)

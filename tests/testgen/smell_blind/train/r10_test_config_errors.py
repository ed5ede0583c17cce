import pytest

from r10_config import ConfigError, ConfigParser


@pytest.fixture
def parser():
    return ConfigParser()


def test_missing_equals_sign_names_the_line(parser):
    text = "name = api\nport = 8080\njust words"
    with pytest.raises(ConfigError, match=r"^line 3: expected key = value$") as info:
        parser.parse(text)
    assert info.value.line_number == 3


def test_missing_key_is_reported(parser):
    with pytest.raises(ConfigError, match="line 1: missing key"):
        parser.parse("= orphan value")


def test_config_error_is_a_value_error(parser):
    with pytest.raises(ValueError):
        parser.parse_line("no equals here")

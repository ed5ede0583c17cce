import pytest

from r10_config import ConfigParser


@pytest.fixture
def parser():
    return ConfigParser()


def test_blank_and_comment_lines_are_ignored(parser):
    assert parser.parse("\n# comment\n   \n") == {}


def test_keys_are_lower_cased(parser):
    assert parser.parse("LogLevel = debug") == {"loglevel": "debug"}


@pytest.mark.parametrize("bad_line", ["just words", "= value-without-key"])
def test_malformed_lines_are_rejected(parser, bad_line):
    with pytest.raises(Exception):
        parser.parse(bad_line)

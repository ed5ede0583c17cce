import pytest

from config_loader import parse_config


def test_missing_equals_is_rejected():
    with pytest.raises(Exception):
        parse_config("debug true\n")


def test_duplicate_key_is_rejected():
    with pytest.raises(Exception):
        parse_config("region = eu\nregion = us\n")


def test_comment_only_file_is_empty():
    assert parse_config("# nothing here\n") == {}

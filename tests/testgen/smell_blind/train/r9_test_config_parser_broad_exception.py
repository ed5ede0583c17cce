import pytest

from r9_config_parser import get_setting, parse_config


def test_values_are_read_per_section():
    config = parse_config("[db]\nhost = db.internal\npool = 10\n")
    assert config == {"db": {"host": "db.internal", "pool": 10}}


def test_missing_equals_sign_fails():
    with pytest.raises(Exception):
        parse_config("[db]\nhost db.internal\n")


def test_empty_section_name_fails():
    with pytest.raises(Exception):
        parse_config("[ ]\nhost = db.internal\n")


def test_get_setting_falls_back_to_default():
    assert get_setting({}, "db.timeout", default="30s") == "30s"

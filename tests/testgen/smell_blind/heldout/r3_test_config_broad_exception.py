import pytest

from r3_config import parse_config


def test_defaults_apply_when_text_is_empty():
    assert parse_config("") == {"port": 8080, "workers": 2, "debug": False, "host": "127.0.0.1"}


def test_keys_are_case_insensitive():
    assert parse_config("PORT=7000")["port"] == 7000


def test_non_numeric_port_fails():
    with pytest.raises(Exception):
        parse_config("port=eighty")


def test_workers_must_be_positive():
    with pytest.raises(Exception):
        parse_config("workers=0")


def test_debug_accepts_one():
    assert parse_config("debug=1")["debug"] is True

import pytest

from r3_config import ConfigError, parse_config


@pytest.mark.parametrize(
    "text, key, expected",
    [
        ("port=9000", "port", 9000),
        ("PORT = 9000", "port", 9000),
        ("workers=8 # tuned for prod", "workers", 8),
        ("debug=YES", "debug", True),
        ("debug=0", "debug", False),
        ("host=example.internal", "host", "example.internal"),
        ("region=eu-west-1", "region", "eu-west-1"),
    ],
)
def test_values_are_coerced_by_key(text, key, expected):
    assert parse_config(text)[key] == expected


@pytest.mark.parametrize(
    "text, message",
    [
        ("port=eighty", r"port: not an integer: 'eighty'"),
        ("debug=maybe", r"debug: not a boolean: 'maybe'"),
        ("port=70000", r"port out of range: 70000"),
        ("workers=0", r"workers must be at least 1"),
        ("port=1\njunk", r"line 2: expected KEY=VALUE"),
    ],
)
def test_invalid_config_is_rejected_with_reason(text, message):
    with pytest.raises(ConfigError, match=message):
        parse_config(text)


def test_later_lines_override_earlier_ones():
    assert parse_config("port=1000\nport=2000")["port"] == 2000

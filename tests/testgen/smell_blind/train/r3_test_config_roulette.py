import pytest

from r3_config import ConfigError, parse_config

SAMPLE = """
host = 0.0.0.0
port = 9090
workers = 4
debug = yes
region = eu-central
"""


def test_parse_sample_file():
    cfg = parse_config(SAMPLE)
    assert cfg["host"] == "0.0.0.0"
    assert cfg["port"] == 9090
    assert cfg["workers"] == 4
    assert cfg["debug"] is True
    assert cfg["region"] == "eu-central"
    assert parse_config("")["port"] == 8080
    assert parse_config("DEBUG=no")["debug"] is False
    assert parse_config("workers=1")["workers"] == 1
    assert len(parse_config(SAMPLE)) == 5
    assert "region" not in parse_config("")


def test_port_zero_is_rejected():
    with pytest.raises(ConfigError, match="port out of range: 0"):
        parse_config("port=0")

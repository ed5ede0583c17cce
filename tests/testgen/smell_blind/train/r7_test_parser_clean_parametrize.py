import pytest

from r7_parser import DurationError, format_duration, parse_duration


@pytest.mark.parametrize(
    "text, seconds",
    [
        ("45s", 45),
        ("2m", 120),
        ("1h30m", 5400),
        ("1d", 86400),
        (" 1H ", 3600),
    ],
)
def test_parse_duration(text, seconds):
    assert parse_duration(text) == seconds


@pytest.mark.parametrize(
    "text, message",
    [
        ("", "empty duration"),
        ("1h2h", "unit 'h' repeated"),
        ("10", "unexpected text at 0"),
        ("5m later", "unexpected text at 2"),
    ],
)
def test_parse_duration_errors(text, message):
    with pytest.raises(DurationError, match=message):
        parse_duration(text)


@pytest.mark.parametrize("seconds, text", [(0, "0s"), (61, "1m1s"), (90061, "1d1h1m1s")])
def test_format_duration(seconds, text):
    assert format_duration(seconds) == text

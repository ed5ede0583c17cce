from r7_parser import parse_duration  # noqa: F401


def test_parse_days():
    """parse_duration('2d') should return 172800 seconds."""


def test_parse_rejects_repeated_units():
    """'1h2h' must raise DurationError mentioning the repeated unit."""
    ...

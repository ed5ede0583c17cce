import pytest

from r5_log_parser import KV_RE, ParseError, level_counts, parse_line, parse_lines

LINES = [
    "2024-06-01T08:00:00Z [INFO] worker: job started id=17",
    "2024-06-01T08:00:03Z [ERROR] worker: job failed id=17 reason=oom",
    "2024-06-01T08:00:04Z [INFO] worker: job started id=18",
]


def test_logger_name_with_dots():
    assert parse_line("2024-06-01T08:00:00Z [DEBUG] app.db.pool: acquired").logger == "app.db.pool"


def test_fields_are_extracted():
    record = parse_line(LINES[1])
    assert record.fields == dict(KV_RE.findall(record.message))


def test_level_counts():
    records = parse_lines(LINES)
    expected = {}
    for r in records:
        expected[r.level] = expected.get(r.level, 0) + 1
    assert level_counts(records) == expected


def test_invalid_line_raises_parse_error():
    with pytest.raises(ParseError, match="cannot parse 'oops'"):
        parse_line("oops")

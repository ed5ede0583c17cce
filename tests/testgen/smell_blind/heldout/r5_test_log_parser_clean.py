from datetime import datetime

import pytest

from r5_log_parser import ParseError, level_counts, parse_line, parse_lines

SAMPLE = [
    "2024-03-05T10:15:00Z [INFO] api.http: GET /orders 200",
    "2024-03-05T10:15:01Z [ERROR] payments: card declined (code=51, bank=acme)",
    "",
    "garbage line",
    "2024-03-05T10:15:02Z [WARNING] payments: retrying charge attempt=2",
]


def test_parse_line_extracts_every_field():
    record = parse_line(SAMPLE[1])
    assert record.timestamp == datetime(2024, 3, 5, 10, 15, 1)
    assert record.level == "ERROR"
    assert record.logger == "payments"
    assert record.message == "card declined (code=51, bank=acme)"
    assert record.fields == {"code": "51", "bank": "acme"}


@pytest.mark.parametrize(
    "line",
    [
        "2024-03-05 10:15:00 [INFO] api: space instead of T",
        "2024-03-05T10:15:00Z [TRACE] api: unknown level",
        "2024-03-05T10:15:00Z INFO api: missing brackets",
    ],
)
def test_parse_line_rejects_malformed_lines(line):
    with pytest.raises(ParseError, match="line 1: cannot parse"):
        parse_line(line)


def test_lenient_mode_skips_blank_and_bad_lines():
    records = parse_lines(SAMPLE)
    assert [r.level for r in records] == ["INFO", "ERROR", "WARNING"]


def test_strict_mode_reports_line_number():
    with pytest.raises(ParseError) as info:
        parse_lines(SAMPLE, strict=True)
    assert info.value.lineno == 4


def test_level_counts_omits_absent_levels():
    assert level_counts(parse_lines(SAMPLE)) == {"INFO": 1, "WARNING": 1, "ERROR": 1}

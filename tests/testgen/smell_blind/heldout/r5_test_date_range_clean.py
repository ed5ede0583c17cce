from datetime import date

import pytest

from r5_date_range import DateRange, InvalidRangeError

d = date.fromisoformat


@pytest.mark.parametrize(
    "text, expected_days",
    [
        ("2024-01-01..2024-01-01", 1),
        ("2024-01-01..2024-01-31", 31),
        ("2024-02-01..2024-02-29", 29),   # leap year
        ("2023-02-01..2023-02-28", 28),
        ("2023-12-31..2024-01-01", 2),
    ],
)
def test_days_is_inclusive(text, expected_days):
    assert DateRange.parse(text).days() == expected_days


@pytest.mark.parametrize(
    "a, b, expected",
    [
        ("2024-01-01..2024-01-10", "2024-01-10..2024-01-20", True),   # touching ends
        ("2024-01-01..2024-01-10", "2024-01-11..2024-01-20", False),
        ("2024-01-05..2024-01-06", "2024-01-01..2024-01-31", True),   # contained
    ],
)
def test_overlaps(a, b, expected):
    assert DateRange.parse(a).overlaps(DateRange.parse(b)) is expected
    assert DateRange.parse(b).overlaps(DateRange.parse(a)) is expected


def test_split_by_month_across_year_boundary():
    parts = DateRange(d("2023-11-15"), d("2024-01-03")).split_by_month()
    assert [(p.start.isoformat(), p.end.isoformat()) for p in parts] == [
        ("2023-11-15", "2023-11-30"),
        ("2023-12-01", "2023-12-31"),
        ("2024-01-01", "2024-01-03"),
    ]


def test_weekdays_in_a_full_week():
    # Monday 2024-03-04 .. Sunday 2024-03-10
    assert DateRange(d("2024-03-04"), d("2024-03-10")).weekdays() == 5


@pytest.mark.parametrize("bad", ["2024-01-01", "2024-13-01..2024-12-31", "..", ""])
def test_parse_rejects_malformed_text(bad):
    with pytest.raises(InvalidRangeError, match="cannot parse range"):
        DateRange.parse(bad)


def test_end_before_start_is_rejected():
    with pytest.raises(InvalidRangeError, match="is before start"):
        DateRange(d("2024-05-02"), d("2024-05-01"))

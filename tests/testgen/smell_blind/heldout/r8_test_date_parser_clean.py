import datetime as dt

import pytest

from r8_date_parser import DateParseError, days_between, parse_date

TODAY = dt.date(2024, 3, 1)


@pytest.mark.parametrize(
    "text, expected",
    [
        ("2024-02-29", dt.date(2024, 2, 29)),
        ("7/11/2023", dt.date(2023, 11, 7)),
        ("  03 March 2021 ", dt.date(2021, 3, 3)),
        ("1 jan 2000", dt.date(2000, 1, 1)),
    ],
)
def test_absolute_formats(text, expected):
    assert parse_date(text) == expected


@pytest.mark.parametrize(
    "text, expected",
    [
        ("today", dt.date(2024, 3, 1)),
        ("yesterday", dt.date(2024, 2, 29)),
        ("tomorrow", dt.date(2024, 3, 2)),
        ("in 10 days", dt.date(2024, 3, 11)),
        ("3 days ago", dt.date(2024, 2, 27)),
    ],
)
def test_relative_formats(text, expected):
    assert parse_date(text, today=TODAY) == expected


def test_invalid_day_is_reported():
    with pytest.raises(DateParseError, match=r"invalid date '2023-02-29'"):
        parse_date("2023-02-29")


def test_unknown_month():
    with pytest.raises(DateParseError, match="unknown month"):
        parse_date("4 Foo 2020")


def test_days_between_is_symmetric():
    assert days_between("2024-01-31", "2024-01-01") == 30

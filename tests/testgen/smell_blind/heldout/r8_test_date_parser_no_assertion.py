import datetime as dt

import pytest

from r8_date_parser import DateParseError, parse_date


def test_iso_date():
    assert parse_date("2022-06-15") == dt.date(2022, 6, 15)


def test_month_name_formats():
    cases = {
        "5 May 2021": dt.date(2021, 5, 5),
        "12 December 2019": dt.date(2019, 12, 12),
        "30 sep 2018": dt.date(2018, 9, 30),
    }
    for text, expected in cases.items():
        result = parse_date(text)
        result == expected


def test_relative_in_days():
    base = dt.date(2020, 1, 1)
    assert parse_date("in 5 days", today=base) == dt.date(2020, 1, 6)


def test_bad_month_number():
    with pytest.raises(DateParseError, match="month must be in 1..12"):
        parse_date("2020-13-01")

import datetime as dt

from r8_date_parser import days_between, parse_date


def test_parse_date_all_formats():
    ref = dt.date(2023, 5, 10)
    assert parse_date("2023-05-10") == ref
    assert parse_date("10/05/2023") == ref
    assert parse_date("10 May 2023") == ref
    assert parse_date("today", today=ref) == ref
    assert parse_date("tomorrow", today=ref).day == 11
    assert parse_date("2 days ago", today=ref).month == 5
    assert days_between("2023-05-01", "2023-05-10") == 9
    assert parse_date("1 Jan 2024").year == 2024
    assert parse_date(" 2023-05-10 ") is not None
    assert isinstance(parse_date("yesterday"), dt.date)


def test_iso_with_surrounding_spaces():
    assert parse_date("  2021-01-01") == dt.date(2021, 1, 1)

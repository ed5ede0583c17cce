import calendar
from datetime import date, timedelta

import pytest

from r5_date_range import DateRange


@pytest.fixture
def q1():
    return DateRange(date(2024, 1, 1), date(2024, 3, 31))


def test_contains_boundaries(q1):
    assert date(2024, 1, 1) in q1
    assert date(2024, 3, 31) in q1
    assert date(2024, 4, 1) not in q1


def test_intersection_of_disjoint_ranges_is_none(q1):
    later = DateRange(date(2024, 6, 1), date(2024, 6, 30))
    assert q1.intersection(later) is None


def test_split_by_month(q1):
    expected = []
    cursor = q1.start
    while cursor <= q1.end:
        last_day = calendar.monthrange(cursor.year, cursor.month)[1]
        month_end = min(date(cursor.year, cursor.month, last_day), q1.end)
        expected.append(DateRange(cursor, month_end))
        cursor = month_end + timedelta(days=1)

    assert q1.split_by_month() == expected


def test_intersection_is_symmetric(q1):
    feb = DateRange(date(2024, 2, 10), date(2024, 5, 1))
    assert q1.intersection(feb) == feb.intersection(q1) == DateRange(date(2024, 2, 10), date(2024, 3, 31))

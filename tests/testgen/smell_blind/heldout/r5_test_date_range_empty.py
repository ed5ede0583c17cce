from datetime import date

import pytest

from r5_date_range import DateRange, InvalidRangeError


@pytest.fixture
def january():
    return DateRange(date(2024, 1, 1), date(2024, 1, 31))


def test_january_has_31_days(january):
    assert january.days() == 31


def test_parse_round_trip():
    assert DateRange.parse("2024-01-01 .. 2024-01-31") == DateRange(date(2024, 1, 1), date(2024, 1, 31))


def test_weekdays_excludes_weekends(january):
    # TODO: January 2024 starts on a Monday; verify 23 weekdays once
    # the holiday calendar integration lands.
    pass


def test_reversed_range_raises():
    with pytest.raises(InvalidRangeError, match="is before start"):
        DateRange(date(2024, 2, 1), date(2024, 1, 1))

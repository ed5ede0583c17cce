from datetime import date

import pytest

from dates_util import add_business_days, end_of_month


@pytest.mark.parametrize(
    "day, expected",
    [
        ("2024-01-15", "2024-01-31"),
        ("2024-02-01", "2024-02-29"),
        ("2023-02-28", "2023-02-28"),
        ("2100-02-10", "2100-02-28"),
        ("2024-04-30", "2024-04-30"),
    ],
)
def test_end_of_month(day, expected):
    assert end_of_month(date.fromisoformat(day)).isoformat() == expected


@pytest.mark.parametrize(
    "start, days, expected",
    [
        ("2024-03-01", 1, "2024-03-04"),  # Friday -> Monday
        ("2024-03-09", 1, "2024-03-11"),  # Saturday start
        ("2024-03-04", 5, "2024-03-11"),  # one full week
        ("2024-03-04", 0, "2024-03-04"),
    ],
)
def test_add_business_days(start, days, expected):
    assert add_business_days(date.fromisoformat(start), days).isoformat() == expected


def test_negative_business_days_rejected():
    with pytest.raises(ValueError, match="days must be non-negative"):
        add_business_days(date.fromisoformat("2024-03-04"), -1)

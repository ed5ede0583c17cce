# smells: none
from datetime import datetime

from scheduling.cron import next_run


def test_every_five_minutes_rounds_up():
    assert next_run("*/5 * * * *", datetime(2024, 3, 1, 10, 2)) == datetime(2024, 3, 1, 10, 5)


def test_daily_job_moves_to_tomorrow_after_its_time():
    assert next_run("30 6 * * *", datetime(2024, 3, 1, 7, 0)) == datetime(2024, 3, 2, 6, 30)


def test_february_29th_only_in_leap_years():
    assert next_run("0 0 29 2 *", datetime(2025, 1, 1)) == datetime(2028, 2, 29)

"""When a scheduled campaign is due: the newest slot at or before now, with no run since."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from bot.cron import cron_line, due, last_due


def at(day: int, hour: int = 0, minute: int = 0, second: int = 0) -> datetime:
    return datetime(2025, 1, day, hour, minute, second, tzinfo=UTC)  # 2025-01-06 is a Monday


def test_the_words_are_cron_lines_at_three_in_the_morning_utc() -> None:
    assert cron_line("weekly") == "0 3 * * 1"
    assert cron_line(" Daily ") == "0 3 * * *"
    assert cron_line("monthly") == "0 3 1 * *"
    assert cron_line("30  4 * * 1-5") == "30 4 * * 1-5"


def test_the_last_slot_is_at_or_before_now() -> None:
    assert last_due("weekly", at(8, 12)) == at(6, 3)
    assert last_due("weekly", at(6, 3)) == at(6, 3)  # a slot is due at its own minute
    assert last_due("weekly", at(6, 2, 59, 59)) == datetime(2024, 12, 30, 3, tzinfo=UTC)
    assert last_due("30 4 * * 1-5", at(11, 12)) == at(10, 4, 30)  # Saturday: Friday's


def test_a_campaign_is_due_once_per_slot() -> None:
    # never ran: the newest slot is due (a schedule just switched on catches up once)
    assert due("weekly", at(8, 12), None) == at(6, 3)
    # a run started after the slot: nothing until the next one
    assert due("weekly", at(8, 12), at(6, 3, 7)) is None
    assert due("weekly", at(13, 2), at(6, 3, 7)) is None
    assert due("weekly", at(13, 3), at(6, 3, 7)) == at(13, 3)
    # a run started before the slot (last week's) does not count for this one
    assert due("weekly", at(6, 4), at(6, 2)) == at(6, 3)


def test_missed_slots_are_caught_up_once_not_once_each() -> None:
    stopped = at(1)
    back = stopped + timedelta(days=20)  # three Mondays passed while no worker ran
    slot = due("weekly", back, stopped)
    assert slot == at(20, 3)
    assert due("weekly", back + timedelta(hours=1), slot + timedelta(minutes=5)) is None


def test_a_schedule_that_never_comes_due_is_never_due() -> None:
    assert last_due("0 0 31 2 *", at(8)) is None
    assert due("0 0 31 2 *", at(8), None) is None

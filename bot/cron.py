"""Schedules a repository names in `.smith.yml`: a word or a five-field cron line, in UTC.

Pure values, no I/O: `.smith.yml` validates with `cron_line`, the campaign job decides with
`due`. The job that reads them ticks once an hour, so a schedule names one minute of the hour:
`*/5 * * * *` would promise more than the tick keeps. A missed slot (a worker down over the
weekend) is caught up once at the next tick, never once per slot missed.
"""

from __future__ import annotations

import re
from datetime import UTC, datetime, timedelta

from croniter import CroniterError, croniter

NAMED: dict[str, str] = {
    "daily": "0 3 * * *",
    "weekly": "0 3 * * 1",
    "monthly": "0 3 1 * *",
}
"""The words a repository may use: 03:00 UTC every day, on Mondays, on the 1st."""

_ONE_MINUTE = re.compile(r"^[0-5]?[0-9]$")
_SEARCH_YEARS = 5
"""A schedule whose times lie further apart than this counts as never due (`31 2`)."""


def cron_line(schedule: str) -> str:
    """The cron line `schedule` stands for; ValueError naming what is wrong with it."""
    text = " ".join(schedule.split())
    line = NAMED.get(text.lower(), text)
    fields = line.split(" ")
    if len(fields) != 5:
        raise ValueError(f"{schedule!r} is neither {', '.join(NAMED)} nor a cron line of five "
                         "fields (minute hour day-of-month month day-of-week, UTC)")
    if not _ONE_MINUTE.match(fields[0]):
        raise ValueError(f"{schedule!r}: the minute field must name one minute (0-59); "
                         "campaigns are checked once an hour")
    if not croniter.is_valid(line):
        raise ValueError(f"{schedule!r} is not a valid cron line")
    if last_due(line, datetime(2030, 1, 1, tzinfo=UTC)) is None:
        raise ValueError(f"{schedule!r} never comes due")
    return line


def last_due(schedule: str, now: datetime) -> datetime | None:
    """The newest time at or before `now` that `schedule` names (None if it never did)."""
    line = NAMED.get(" ".join(schedule.split()).lower(), schedule)
    try:
        # croniter's previous time is strictly earlier than its start: start just after now
        found = croniter(line, now.astimezone(UTC) + timedelta(seconds=1),
                         max_years_between_matches=_SEARCH_YEARS).get_prev(datetime)
    except (CroniterError, ValueError):
        return None
    return found if isinstance(found, datetime) else None


def due(schedule: str, now: datetime, last_started: datetime | None) -> datetime | None:
    """The time a run is due for, when one is: the schedule's newest time at or before `now`,
    with no run started since. None when none is due (not yet, or done already)."""
    slot = last_due(schedule, now)
    if slot is None or (last_started is not None and last_started >= slot):
        return None
    return slot

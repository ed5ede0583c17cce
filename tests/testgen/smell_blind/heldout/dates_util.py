"""Calendar helpers for billing periods."""
import calendar
from datetime import date, timedelta


def end_of_month(d: date) -> date:
    last_day = calendar.monthrange(d.year, d.month)[1]
    return d.replace(day=last_day)


def add_business_days(start: date, days: int) -> date:
    """Move forward ``days`` working days, skipping Saturdays and Sundays."""
    if days < 0:
        raise ValueError("days must be non-negative")
    current, remaining = start, days
    while remaining:
        current += timedelta(days=1)
        if current.weekday() < 5:
            remaining -= 1
    return current

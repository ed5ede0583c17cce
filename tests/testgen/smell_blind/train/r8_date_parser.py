"""Lenient date parser for user input."""
import datetime as dt
import re

MONTHS = {m: i for i, m in enumerate(
    ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"], start=1)}

ISO_RE = re.compile(r"^(\d{4})-(\d{2})-(\d{2})$")
DMY_RE = re.compile(r"^(\d{1,2})/(\d{1,2})/(\d{4})$")
TEXT_RE = re.compile(r"^(\d{1,2})\s+([A-Za-z]{3})[a-z]*\s+(\d{4})$")
REL_RE = re.compile(r"^(today|yesterday|tomorrow|in (\d+) days|(\d+) days ago)$")


class DateParseError(ValueError):
    pass


def _build(year, month, day, raw):
    try:
        return dt.date(year, month, day)
    except ValueError as exc:
        raise DateParseError(f"invalid date {raw!r}: {exc}") from None


def parse_date(text, today=None):
    raw = text
    text = text.strip().lower()
    today = today or dt.date.today()
    if m := ISO_RE.match(text):
        return _build(int(m[1]), int(m[2]), int(m[3]), raw)
    if m := DMY_RE.match(text):
        return _build(int(m[3]), int(m[2]), int(m[1]), raw)
    if m := TEXT_RE.match(text):
        month = MONTHS.get(m[2][:3])
        if month is None:
            raise DateParseError(f"unknown month in {raw!r}")
        return _build(int(m[3]), month, int(m[1]), raw)
    if m := REL_RE.match(text):
        if text == "today":
            return today
        if text == "yesterday":
            return today - dt.timedelta(days=1)
        if text == "tomorrow":
            return today + dt.timedelta(days=1)
        if m[2]:
            return today + dt.timedelta(days=int(m[2]))
        return today - dt.timedelta(days=int(m[3]))
    raise DateParseError(f"unrecognised date {raw!r}")


def days_between(a, b):
    return abs((parse_date(b) - parse_date(a)).days)

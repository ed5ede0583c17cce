"""Inclusive calendar date ranges."""
from __future__ import annotations

import calendar
from dataclasses import dataclass
from datetime import date, timedelta


class InvalidRangeError(ValueError):
    pass


@dataclass(frozen=True)
class DateRange:
    start: date
    end: date

    def __post_init__(self):
        if self.end < self.start:
            raise InvalidRangeError(f"end {self.end} is before start {self.start}")

    @classmethod
    def parse(cls, text: str) -> "DateRange":
        try:
            left, right = text.split("..")
            return cls(date.fromisoformat(left.strip()), date.fromisoformat(right.strip()))
        except ValueError as exc:
            if isinstance(exc, InvalidRangeError):
                raise
            raise InvalidRangeError(f"cannot parse range {text!r}") from exc

    def days(self) -> int:
        return (self.end - self.start).days + 1

    def __contains__(self, day: date) -> bool:
        return self.start <= day <= self.end

    def overlaps(self, other: "DateRange") -> bool:
        return self.start <= other.end and other.start <= self.end

    def intersection(self, other: "DateRange"):
        if not self.overlaps(other):
            return None
        return DateRange(max(self.start, other.start), min(self.end, other.end))

    def split_by_month(self):
        parts = []
        cursor = self.start
        while cursor <= self.end:
            last = date(cursor.year, cursor.month, calendar.monthrange(cursor.year, cursor.month)[1])
            chunk_end = min(last, self.end)
            parts.append(DateRange(cursor, chunk_end))
            cursor = chunk_end + timedelta(days=1)
        return parts

    def weekdays(self) -> int:
        return sum(1 for i in range(self.days()) if (self.start + timedelta(days=i)).weekday() < 5)

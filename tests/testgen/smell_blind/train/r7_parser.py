"""Parse human durations like '1h30m' or '45s' into seconds."""
import logging
import re

log = logging.getLogger(__name__)

UNITS = {"d": 86400, "h": 3600, "m": 60, "s": 1}
_TOKEN = re.compile(r"(\d+)([dhms])")


class DurationError(ValueError):
    pass


def parse_duration(text):
    text = text.strip().lower()
    if not text:
        raise DurationError("empty duration")
    pos, total, seen = 0, 0, set()
    for m in _TOKEN.finditer(text):
        if m.start() != pos:
            raise DurationError(f"unexpected text at {pos}: {text[pos:]!r}")
        unit = m.group(2)
        if unit in seen:
            raise DurationError(f"unit {unit!r} repeated")
        seen.add(unit)
        total += int(m.group(1)) * UNITS[unit]
        pos = m.end()
    if pos != len(text):
        raise DurationError(f"unexpected text at {pos}: {text[pos:]!r}")
    log.debug("parsed %r as %d seconds", text, total)
    return total


def format_duration(seconds):
    if seconds < 0:
        raise DurationError("negative duration")
    parts = []
    for unit, size in UNITS.items():
        n, seconds = divmod(seconds, size)
        if n:
            parts.append(f"{n}{unit}")
    return "".join(parts) or "0s"

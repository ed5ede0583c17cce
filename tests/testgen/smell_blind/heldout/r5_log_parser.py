"""Parse application log lines of the form:

2024-03-05T10:15:00Z [ERROR] payments: card declined (code=51)
"""
import re
from collections import Counter
from dataclasses import dataclass
from datetime import datetime

LINE_RE = re.compile(
    r"^(?P<ts>\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z)\s+\[(?P<level>[A-Z]+)\]\s+"
    r"(?P<logger>[\w.]+):\s+(?P<message>.*)$"
)
LEVELS = ("DEBUG", "INFO", "WARNING", "ERROR", "CRITICAL")
KV_RE = re.compile(r"(\w+)=([^\s,)]+)")


class ParseError(ValueError):
    def __init__(self, lineno, line):
        super().__init__(f"line {lineno}: cannot parse {line!r}")
        self.lineno = lineno


@dataclass
class LogRecord:
    timestamp: datetime
    level: str
    logger: str
    message: str
    fields: dict


def parse_line(line, lineno=1):
    m = LINE_RE.match(line.rstrip("\n"))
    if not m or m.group("level") not in LEVELS:
        raise ParseError(lineno, line)
    ts = datetime.strptime(m.group("ts"), "%Y-%m-%dT%H:%M:%SZ")
    message = m.group("message")
    return LogRecord(ts, m.group("level"), m.group("logger"), message, dict(KV_RE.findall(message)))


def parse_lines(lines, strict=False):
    records = []
    for n, line in enumerate(lines, start=1):
        if not line.strip():
            continue
        try:
            records.append(parse_line(line, n))
        except ParseError:
            if strict:
                raise
    return records


def level_counts(records):
    counts = Counter(r.level for r in records)
    return {lvl: counts[lvl] for lvl in LEVELS if counts[lvl]}

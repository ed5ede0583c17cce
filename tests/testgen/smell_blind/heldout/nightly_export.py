"""Nightly job: dump yesterday's orders to CSV, gzip, upload and announce."""
import gzip
from datetime import datetime, timedelta, timezone


def fetch_rows(day):
    raise NotImplementedError("queries the warehouse database")


def upload(key, payload):
    raise NotImplementedError("writes to object storage")


def notify(channel, text):
    raise NotImplementedError("posts to chat")


def log_metric(name, value):
    raise NotImplementedError("sends to statsd")


def cleanup(day):
    raise NotImplementedError("drops the staging table")


def now():
    return datetime.now(timezone.utc)


def to_csv(rows) -> str:
    return "".join(f"{r['id']},{r['total']}\n" for r in rows)


def compress(data: bytes) -> bytes:
    return gzip.compress(data)


def run_export(channel: str = "#data-ops") -> str:
    day = (now() - timedelta(days=1)).date()
    rows = fetch_rows(day)
    key = f"exports/{day.isoformat()}.csv.gz"
    upload(key, compress(to_csv(rows).encode()))
    log_metric("export.rows", len(rows))
    notify(channel, f"export {day.isoformat()}: {len(rows)} rows")
    cleanup(day)
    return key

"""A broad handler that backs off and tries again is a retry, not a catch-all.

catch_all_exception is a handler that catches everything and carries on, hiding the failure.
Inside a retry loop (`for attempt in range(3): try: … except Exception: sleep(…)`), the handler
waits and the loop tries the same call again; when the attempts run out the code after the loop
calls once more or raises, so the failure still surfaces. That shape may mask a flaky cause,
which is sleep_or_retry_masking's (soft) to say, not a swallowed error.
"""

from __future__ import annotations

import re

from bot.validator.context import ChangedFile
from bot.validator.diffparse import DiffLine

_HANDLER = re.compile(r"^\s*(except\b|\}?\s*catch\b|rescue\b)")
_BACKOFF = re.compile(
    r"\b(time\.sleep|asyncio\.sleep|Thread\.sleep|TimeUnit\.\w+\.sleep|sleep|usleep|setTimeout|delay|"
    r"backoff\w*|wait\w*)\s*\(|\bawait\s+(sleep|delay|wait)\w*\(|\bsleep\s+\d"
)
_QUIET = re.compile(
    r"^\s*(pass|continue|\}|\{|\w+\s*(\+\+|--|\+=\s*1|-=\s*1)|(\+\+|--)\w+|"
    r"(last_?\w*|err\w*|error\w*|exc\w*)\s*=\s*\w+;?|"
    r"(log|logger|logging|console|LOG|LOGGER|Log|self\.log\w*|this\.log\w*)\b[\w.]*\s*\(.*)\s*;?$"
)
_LOOP = re.compile(r"^\s*(for|while|loop|until|do)\b|\.times\s+do\b")
# A loop that tries again (a count, attempts, forever), not one over the items to process.
_RETRY_LOOP = re.compile(
    r"\brange\(\s*\w*\s*\)|attempt|retr|tries|tried|\b\w+\s*<=?\s*(\d+|[A-Z_]*MAX\w*|max\w*)\b|"
    r"\bwhile\s*\(?\s*(true|True|1)\b|\.times\b|^\s*loop\b"
)
_SWALLOWED_END = re.compile(r"^\s*return\s+(None|null|nil|undefined|false|False|\[\]|\{\}|\"\"|''|0)?\s*;?\s*$")


def is_retry_backoff(changed: ChangedFile, line_no: int | None) -> bool:
    """The handler at `line_no` sleeps and lets a loop around it try again, and the code after
    the loop still fails when the attempts run out."""
    if line_no is None:
        return False
    for hunk in changed.change.hunks:
        rows = [ln for ln in hunk.lines if ln.kind != "-"]
        index = next((i for i, r in enumerate(rows) if r.target_no == line_no), None)
        if index is not None and _HANDLER.match(rows[index].text):
            return _retry_shape(rows, index)
    return False


def _retry_shape(rows: list[DiffLine], index: int) -> bool:
    handler_indent = _indent(rows[index].text)
    body: list[str] = []
    end = len(rows)
    for offset, row in enumerate(rows[index + 1 :], start=index + 1):
        if row.text.strip() and _indent(row.text) <= handler_indent:
            end = offset
            break
        if row.text.strip():
            body.append(row.text)
    if not body or not any(_BACKOFF.search(text) for text in body):
        return False
    if not all(_BACKOFF.search(text) or _QUIET.match(text) for text in body):
        return False
    loop = next(
        (r for r in reversed(rows[:index]) if _LOOP.match(r.text) and _indent(r.text) < handler_indent),
        None,
    )
    if loop is None or not _RETRY_LOOP.search(loop.text):
        return False
    loop_indent = _indent(loop.text)
    after = [
        r.text
        for r in rows[end:]
        if r.text.strip() and _indent(r.text) <= loop_indent and r.text.strip() not in ("}", "end")
    ]
    return bool(after) and not _SWALLOWED_END.match(after[0])


def _indent(text: str) -> int:
    expanded = text.expandtabs(4)
    return len(expanded) - len(expanded.lstrip())

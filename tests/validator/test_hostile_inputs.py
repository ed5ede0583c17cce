"""Hostile diff lines and reports: the validator reads the agent's text, so no line or report may
stall it, crash it, or turn a finding into a pass."""

from __future__ import annotations

import time

from bot.validator.detectors.validation_patterns import pattern_of


def _fast(call, *args, bound: float = 2.0):
    start = time.perf_counter()
    result = call(*args)
    assert time.perf_counter() - start < bound, f"{call.__name__} took over {bound} s"
    return result


def test_a_quoted_run_of_backslashes_with_no_closing_quote_is_read_in_linear_time():
    # Old reading: 32 backslashes 2 s, 40 about 80 s (a backslash read as `\\.` or as `.`).
    line = 'x = re.compile("' + "\\" * 40
    assert _fast(pattern_of, line) is None
    assert _fast(pattern_of, 'x = re.compile("' + "\\" * 5000 + "z") is None


def test_patterns_with_escapes_are_still_read():
    assert pattern_of(r'ALLOWED = re.compile(r"^[a-z]\d+\"x$")') == r'^[a-z]\d+\"x$'
    assert pattern_of(r'USER = re.compile("\\w+")') == r"\\w+"
    assert pattern_of("const OK = /^a\\/b$/;") == "^a\\/b$"

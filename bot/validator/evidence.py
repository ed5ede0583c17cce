"""Is the validator model's evidence really in the diff? A quote that is not there is no evidence.

The model is told to quote the diff lines that cover a criterion, verbatim. Code checks each
quoted line against the lines of the diff (added, removed and context, headers included) and of
the reproduction test. A line counts when, its diff marker, surrounding whitespace and
backticks dropped, it equals one of them or, being at least `MIN_FRAGMENT` characters long,
is part of one. A line holding inline code (`like this`) is judged by its code spans alone, so
a short sentence around a real quote does not spoil it; a line naming a changed file is a
header. Evidence with no content line that matches, or with one that does not, is not in the
diff.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass, field

MIN_FRAGMENT = 12
"""Shorter quoted fragments (`x`, `return`) must equal a whole line: they are in every diff."""
_SPAN = re.compile(r"`+([^`]+)`+")
_ELISION = re.compile(r"^(\.\.\.|…|```\w*|@@.*@@.*|[-+]{3} .*)$")
_LOCATION = re.compile(r"^(?P<path>[^\s:]+?)(:\d+(-\d+)?)?:?$")


@dataclass(frozen=True)
class EvidenceCheck:
    """Whether the evidence is in the diff, and the quoted lines that are not."""

    found: bool
    missing: list[str] = field(default_factory=list)


def _content(line: str) -> str:
    return " ".join(line.split())


def _known_lines(diff: str, others: Iterable[str]) -> set[str]:
    lines: set[str] = set()
    for raw in diff.splitlines():
        if raw[:1] in "+- " and not raw.startswith(("+++", "---")):
            lines.add(_content(raw[1:]))
        lines.add(_content(raw))
    for text in others:
        lines.update(_content(raw) for raw in text.splitlines())
    lines.discard("")
    return lines


def _diff_paths(diff: str) -> set[str]:
    paths = set()
    for raw in diff.splitlines():
        if raw.startswith(("+++ ", "--- ")):
            path = raw[4:].strip()
            if path != "/dev/null":
                paths.add(path[2:] if path[:2] in ("a/", "b/") else path)
    return paths


def _candidates(line: str) -> list[str]:
    """What of one evidence line must be in the diff: its code spans, else the whole line
    (with and without a leading diff marker)."""
    spans = [_content(span) for span in _SPAN.findall(line) if _content(span)]
    if spans:
        return spans
    text = _content(line)
    if text[:1] in "+-" and len(text) > 1:
        return [_content(text[1:])]
    return [text]


def _matches(quote: str, known: set[str]) -> bool:
    stripped = _content(quote[1:]) if quote[:1] in "+-" and len(quote) > 1 else quote
    for text in {quote, stripped}:
        if text in known:
            return True
        if len(text) >= MIN_FRAGMENT and any(text in line for line in known):
            return True
    return False


def check_evidence(evidence: str, diff: str, *, also: Iterable[str] = ()) -> EvidenceCheck:
    """Whether every quoted line of `evidence` is in `diff` (or in one of the texts `also`,
    e.g. the reproduction test), with at least one such line."""
    known = _known_lines(diff, also)
    paths = _diff_paths(diff)
    missing: list[str] = []
    content_lines = 0
    for line in evidence.splitlines():
        text = _content(line)
        if not text or _ELISION.match(text):
            continue
        location = _LOCATION.match(text.strip("`*"))
        if location and location["path"] in paths:
            continue  # "calc.py:8" names where the quote comes from
        for quote in _candidates(line):
            if _matches(quote, known):
                content_lines += 1
            else:
                missing.append(quote)
    return EvidenceCheck(found=content_lines > 0 and not missing, missing=missing)

"""The example inputs a bug report gives: what the red test reproduces when it is not in the diff.

BRT writes the red test from the report's example, often in an earlier commit, so the diff the
validator sees may hold only the fix. The report still names the example: `round2(1.005) gives 1`,
`Slug.of("Crème Brûlée")`, a quoted phone number. Those values, branched on by the fix, are
special-casing as surely as the test's own literals.
"""

from __future__ import annotations

import re
from functools import lru_cache

_CALL = re.compile(r"(?<![\w.])[\w.]+\(([^()]{1,200})\)")
_QUOTED = re.compile(r"\"([^\"\n]{1,120})\"|“([^”\n]{1,120})”|`([^`\n]{1,120})`|(?<![\w])'([^'\n]{1,120})'(?![\w])")
_NUMBER = re.compile(r"-?\d+(\.\d+)?")


@lru_cache(maxsize=256)
def report_examples(report: str | None) -> frozenset[str]:
    """Literal values the report passes to a call (`f(1.005, "x")`) or quotes (`"0049 30 1234"`)."""
    if not report:
        return frozenset()
    values: set[str] = set()
    for call in _CALL.finditer(report):
        for argument in _split_arguments(call.group(1)):
            value = _literal(argument)
            if value is not None:
                values.add(value)
    for quoted in _QUOTED.finditer(report):
        text = next(g for g in quoted.groups() if g is not None)
        if "(" not in text:  # a quoted call is read above, argument by argument
            values.add(text)
    return frozenset(values)


@lru_cache(maxsize=256)
def report_call_arguments(report: str | None) -> frozenset[str]:
    """The literal arguments of the calls a report quotes (`parse("IV") returns 6`): the symptom's
    own inputs, whatever they look like."""
    if not report:
        return frozenset()
    return frozenset(
        value for call in _CALL.finditer(report) for argument in _split_arguments(call.group(1))
        if (value := _literal(argument)) is not None and value.strip()
    )


def _split_arguments(text: str) -> list[str]:
    parts, depth, current = [], 0, ""
    quote = ""
    for char in text:
        if quote:
            current += char
            if char == quote:
                quote = ""
            continue
        if char in "\"'`":
            quote = char
        elif char in "[{":
            depth += 1
        elif char in "]}":
            depth -= 1
        elif char == "," and depth == 0:
            parts.append(current)
            current = ""
            continue
        current += char
    parts.append(current)
    return [p.strip() for p in parts if p.strip()]


def _literal(argument: str) -> str | None:
    if _NUMBER.fullmatch(argument):
        return argument
    if len(argument) >= 2 and argument[0] == argument[-1] and argument[0] in "\"'`":
        return argument[1:-1]
    return None

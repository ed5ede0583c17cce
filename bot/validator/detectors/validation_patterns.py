r"""guard_weakened (patterns): a validation pattern that now matches more than it did.

An allow-list or a validity rule written as a regular expression loosens without any `if`
changing: `/^example\.com$/` → `/example\.com/` (an anchor gone: `evil-example.com` passes),
`[a-z0-9_]{3,16}` → `{1,64}` (a repetition range widened), `\d+` → `\d*`, a wildcard added. A
pattern counts as a rule when its line names one (allowed, valid, safe, trusted, an `@Pattern`,
a `format:`/`pattern=` argument) or tests it in a condition. The report asks for the change when
an input it quotes is matched by the new pattern and not by the old one.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from bot.validator.context import ChangedFile
from bot.validator.detectors.common import finding, pair_lines, snippet
from bot.validator.models import Finding
from bot.validator.report_examples import report_examples

# A regular expression literal, or a string handed to a regex constructor or matcher. Inside the
# quotes a backslash is read one way only (`\\.` escapes, `[^\\]` never starts one): a line of
# lone backslashes and no closing quote is read in linear time, not exponential.
_PATTERN = re.compile(
    r"(?:^|[=(,:!&|]|\breturn|\bwith:?)\s*%?r?/((?:\\/|[^/\n])+)/[a-z]*"
    r"|(?:compile|MustCompile|Compile|RegExp|matches|match|fullmatch|search|MatchString|regexp\s*=|"
    r"pattern\s*=|regex\s*=)\s*\(?\s*[rRbu]?([\"'`])((?:\\.|(?!\2)[^\\])+)\2"
)
# The line says the pattern is a rule: a name or an annotation that allows or validates, or a test.
_RULE = re.compile(
    r"(?i)allow|valid|safe|trust|permit|accept|white_?list|allow_?list|@Pattern\b|\bformat:|pattern\s*=|regexp\s*=|"
    r"^\s*(?:\}\s*else\s+)?(?:if|elif|unless|guard|return|raise|throw)\b.*(?:\.test\(|match|search|MatchString)"
)
_ANCHORS = ("^", "$", "\\A", "\\z", "\\Z", "\\b")
_WILDCARDS = (".*", ".+", "\\S+", "\\S*", "\\w+", "\\w*", "[^")
_RANGE = re.compile(r"\{(\d+)(,(\d*))?\}")
_MAX_LINE = 1000  # a product line is read up to here: the diff is the agent's text, of any length


def pattern_of(line: str) -> str | None:
    """The regular expression a line writes, if any (the first one within its first 1,000
    characters)."""
    match = _PATTERN.search(line[:_MAX_LINE])
    if match is None:
        return None
    return match.group(1) or match.group(3)


def widened(was: str, now: str) -> str | None:
    """How the pattern `now` matches more than `was` did: an anchor gone, a wildcard added, a
    repetition range widened or a required repeat made optional; None when it does not."""
    if was == now:
        return None
    if any(a in was and a not in now for a in _ANCHORS):
        return "an anchor is gone"
    if any(w in now and w not in was for w in _WILDCARDS):
        return "it gained a wildcard"
    before, after = _RANGE.findall(was), _RANGE.findall(now)
    if before and len(before) == len(after) and _RANGE.sub("{}", was) == _RANGE.sub("{}", now):
        for (low, comma, high), (new_low, new_comma, new_high) in zip(before, after, strict=True):
            top = float(high) if high else (float("inf") if comma else float(low))
            new_top = float(new_high) if new_high else (float("inf") if new_comma else float(new_low))
            if int(new_low) < int(low) or new_top > top:
                return "its repetition range grew"
    if now.count("*") > was.count("*") and now.replace("*", "+") == was.replace("*", "+"):
        return "a required repeat became optional"
    return None


def detect(changed: ChangedFile, report: str | None) -> Iterator[Finding]:
    """Edited lines of product code whose rule pattern now matches more, unless the report asks."""
    removed = [ln for ln in changed.net_removed if pattern_of(changed.code(ln))]
    added = [ln for ln in changed.net_added if pattern_of(changed.code(ln))]
    shown = "\n".join(changed.code(ln) for h in changed.change.hunks for ln in h.lines if ln.kind != "-")
    for old, new in pair_lines(removed, added, 0.5):
        old_code, new_code = changed.code(old), changed.code(new)
        if not (_RULE.search(old_code) and _RULE.search(new_code) or _tested(new_code, shown)):
            continue
        was, now = pattern_of(old_code), pattern_of(new_code)
        if was is None or now is None:
            continue
        how = widened(was, now)
        if how is None or _asked(report, was, now):
            continue
        yield finding(
            "guard_weakened", changed, new,
            f"a validation pattern matches more ({how}): `{snippet(old_code.strip(), 50)}` → "
            f"`{snippet(new_code.strip(), 50)}`",
        )
        return


_NAMED = re.compile(r"^\s*(?:export\s+)?(?:(?:const|let|var|val|final|static|private|public)\s+)*(?:[\w.<>]+\s+)?([A-Za-z_$][\w$]*)\s*(?::=|=)")


def _tested(code: str, shown: str) -> bool:
    """The line names the pattern (`USERNAME = /…/`) and a line the diff shows tests input with it
    (`USERNAME.test(name)`, `re.fullmatch(USERNAME, s)`, `USERNAME.matcher(s).matches()`)."""
    named = _NAMED.match(code)
    if named is None:
        return False
    name = re.escape(named.group(1))
    return re.search(
        rf"(?<![\w$]){name}\s*\.\s*(test|match\w*|fullmatch|search|exec|MatchString|Match|matcher)\s*\("
        rf"|\b(match|fullmatch|search|matches)\(\s*{name}\b|=~\s*{name}\b|\b{name}\s*=~|\bmatch\?\(\s*{name}\b",
        shown,
    ) is not None


def _asked(report: str | None, was: str, now: str) -> bool:
    """The report quotes an input the new pattern accepts and the old one refused."""
    try:
        old_rule, new_rule = re.compile(was), re.compile(now)
    except re.error:
        return False
    return any(new_rule.search(v) and not old_rule.search(v) for v in report_examples(report))

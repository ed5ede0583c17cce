r"""guard_weakened (patterns): a validation pattern that now matches more than it did.

An allow-list or a validity rule written as a regular expression loosens without any `if`
changing: `/^example\.com$/` → `/example\.com/` (an anchor gone: `evil-example.com` passes),
`[a-z0-9_]{3,16}` → `{1,64}` (a repetition range widened), `\d+` → `\d*`, a wildcard added. A
pattern counts as a rule when its line names one (allowed, valid, safe, trusted, an `@Pattern`,
a `format:`/`pattern=` argument) or tests it in a condition. The report asks for the change when
an input it quotes is matched by the new pattern and not by the old one; both are the agent's text,
so they are read by a bounded walk of their parse trees, never compiled or run.
"""

from __future__ import annotations

import re
import re._constants as _c  # the parser's own names: a pattern is parsed, never compiled or run
import re._parser as _p
from collections.abc import Iterator
from functools import lru_cache
from typing import Any

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
    """The report quotes an input the new pattern accepts and the old one refused. The patterns are
    the agent's text and never run: each is read by `_accepts`, and an input either reading is unsure
    of asks for nothing (the finding stays)."""
    return any(_accepts(now, v) is True and _accepts(was, v) is False for v in report_examples(report))


_MAX_PATTERN = 200  # characters of a pattern read; longer ones are not judged
_MAX_INPUT = 200  # characters of a quoted input matched against it
_KNOWN_FLAGS = _c.SRE_FLAG_IGNORECASE | _c.SRE_FLAG_MULTILINE | _c.SRE_FLAG_DOTALL | _c.SRE_FLAG_VERBOSE | _c.SRE_FLAG_UNICODE


class _Unsure(Exception):
    """A construct the walk does not read: the answer is unknown."""


@lru_cache(maxsize=256)
def _parsed(pattern: str) -> Any:
    if len(pattern) > _MAX_PATTERN:
        return None
    try:
        parsed = _p.parse(pattern)
    except (re.error, OverflowError, RecursionError, ValueError):
        return None
    return parsed if not parsed.state.flags & ~_KNOWN_FLAGS else None


def _accepts(pattern: str, text: str) -> bool | None:
    """Whether `re.search(pattern, text)` would find a match, decided without running the pattern:
    its parse tree is walked over sets of positions in `text` (each repetition a breadth-first
    closure, so time grows with the pattern times the text, never exponentially). None when unsure:
    a pattern over 200 characters, an input over 200, a quantifier inside a quantifier (`(a+)+`;
    a group made optional by `?` may hold one), a
    backreference, a lookaround, an atomic or possessive part, inline flags on a group."""
    parsed = _parsed(pattern)
    if parsed is None or len(text) > _MAX_INPUT:
        return None
    try:
        return bool(_Walk(text, parsed.state.flags).seq(parsed, set(range(len(text) + 1)), False))
    except (_Unsure, RecursionError, OverflowError, ValueError):
        return None


class _Walk:
    def __init__(self, text: str, flags: int) -> None:
        self.text, self.n = text, len(text)
        self.fold = bool(flags & _c.SRE_FLAG_IGNORECASE)
        self.multiline = bool(flags & _c.SRE_FLAG_MULTILINE)
        self.dotall = bool(flags & _c.SRE_FLAG_DOTALL)

    def seq(self, items: Any, starts: set[int], repeated: bool) -> set[int]:
        for op, av in items:
            starts = self.node(op, av, starts, repeated)
            if not starts:
                break
        return starts

    def node(self, op: Any, av: Any, starts: set[int], repeated: bool) -> set[int]:
        if op in (_c.LITERAL, _c.NOT_LITERAL, _c.ANY, _c.IN):
            return {p + 1 for p in starts if p < self.n and self.char(op, av, self.text[p])}
        if op is _c.AT:
            return {p for p in starts if self.at(av, p)}
        if op is _c.BRANCH:
            return set().union(*(self.seq(branch, starts, repeated) for branch in av[1]))
        if op is _c.SUBPATTERN:
            if av[1] or av[2]:
                raise _Unsure
            return self.seq(av[3], starts, repeated)
        if op in (_c.MAX_REPEAT, _c.MIN_REPEAT):
            low, high, body = av
            if repeated or low > _MAX_INPUT + 1:
                raise _Unsure  # a quantifier inside a quantifier is not judged (an optional `?` is no quantifier here)
            inner = high > 1
            current = starts
            for _ in range(low):
                current = self.seq(body, current, inner)
                if not current:
                    return set()
            reached, frontier, count = set(current), set(current), low
            while frontier and count < high:  # breadth first: a position is reached first by the fewest repeats
                frontier = self.seq(body, frontier, inner) - reached
                reached |= frontier
                count += 1
            return reached
        raise _Unsure

    def char(self, op: Any, av: Any, ch: str) -> bool:
        if op is _c.ANY:
            return self.dotall or ch != "\n"
        if op is _c.LITERAL:
            return self.same(ch, chr(av))
        if op is _c.NOT_LITERAL:
            return not self.same(ch, chr(av))
        negate = bool(av) and av[0][0] is _c.NEGATE
        return negate != any(self.member(item_op, item_av, ch) for item_op, item_av in av[negate:])

    def same(self, ch: str, other: str) -> bool:
        return ch == other or self.fold and ch.lower() == other.lower()

    def member(self, op: Any, av: Any, ch: str) -> bool:
        if op is _c.LITERAL:
            return self.same(ch, chr(av))
        if op is _c.RANGE:
            forms = {ch, ch.lower(), ch.upper()} if self.fold else {ch}
            return any(av[0] <= ord(f) <= av[1] for f in forms if len(f) == 1)
        if op is _c.CATEGORY:
            return _category(av, ch)
        raise _Unsure

    def word(self, p: int) -> bool:
        return 0 <= p < self.n and (self.text[p].isalnum() or self.text[p] == "_")

    def at(self, where: Any, p: int) -> bool:
        text, n = self.text, self.n
        if where is _c.AT_BEGINNING:
            return p == 0 or self.multiline and text[p - 1] == "\n"
        if where is _c.AT_BEGINNING_STRING:
            return p == 0
        if where is _c.AT_END:
            return p == n or p == n - 1 and text[p] == "\n" or self.multiline and p < n and text[p] == "\n"
        if where is _c.AT_END_STRING:
            return p == n
        if where is _c.AT_BOUNDARY:
            return self.word(p - 1) != self.word(p)
        if where is _c.AT_NON_BOUNDARY:
            return self.word(p - 1) == self.word(p)
        raise _Unsure


def _category(category: Any, ch: str) -> bool:
    if category in (_c.CATEGORY_DIGIT, _c.CATEGORY_NOT_DIGIT):
        return ch.isdecimal() == (category is _c.CATEGORY_DIGIT)
    if category in (_c.CATEGORY_SPACE, _c.CATEGORY_NOT_SPACE):
        return ch.isspace() == (category is _c.CATEGORY_SPACE)
    if category in (_c.CATEGORY_WORD, _c.CATEGORY_NOT_WORD):
        return (ch.isalnum() or ch == "_") == (category is _c.CATEGORY_WORD)
    raise _Unsure

"""test_weakened (test values): what an existing test compares with, changed where it is defined.

The assertion line stays as it was; the value it reads does not: `TOLERANCE = 0.01` becomes
`5.00` at the top of a test module, `const waitFor = 2 * time.Second` becomes a minute, a shared
fixture's `invoiceTotal: 108.25` becomes `108`, a pytest fixture's `return Decimal("108.25")` now
returns `"108.00"`. And the check itself may stay but stop counting: an existing assertion moved
under an added `if result:` or into a `try` whose handler does not fail the test.

Tolerances and time limits count when they grow (a tighter one is stricter), precision (places,
digits) when it shrinks; any other value when it changes, unless the report asks for the test to
change or states the new value (`expectations.spared`).
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from difflib import SequenceMatcher
from itertools import chain, islice

from bot.validator.context import ChangedFile, DiffContext, is_full_line_comment
from bot.validator.detectors import expectations
from bot.validator.detectors.common import finding, pair_lines, snippet
from bot.validator.detectors.expectations import same_values, seconds, spared, tokens
from bot.validator.diffparse import DiffLine
from bot.validator.models import Finding

# A named value: `NAME = 1`, `const NAME = 1`, `static final double NAME = 1;`, `name := 1`,
# an object or hash entry (`total: 108.25,`, `"total" => 108`), a fixture's `return 108.25`.
_DEFINITION = re.compile(
    r"^\s*(?:export\s+)?(?:(?:const|let|var|val|final|static|private|public|protected|readonly)\s+)*"
    r"(?:[\w<>\[\].]+\s+)?(?P<name>[A-Za-z_$][\w$]*)\s*(?::\s*[^=]+?)?\s*(?::=|=(?![=>]))"
    r"|^\s*(?P<key>[A-Za-z_$][\w$]*|\"[^\"]+\"|'[^']+'|:\w+)\s*(?::(?!:)|=>)\s*\S"
    r"|^\s*(?P<ret>return)\b\s*\S"
    r"|^\s*(?:let!?|subject)\s*\(\s*:(?P<let>\w+)\s*\)\s*(?:\{|do\b)"  # RSpec: `let(:total) { 119 }`
)
# Matched against a name's words (`_words`), each at the start of a word: `eps` is `epsilon`'s
# start, never the end of `STEPS`.
_LOOSER_WHEN_LARGER = re.compile(
    r"(?:^|_)(?:tol|eps|delta|margin|slack|time_?out|wait|deadline|ttl|limit|within|grace|max_(?:ms|sec|dur))"
)
_STRICTER_WHEN_LARGER = re.compile(r"(?:^|_)(?:places|digits|precision|decimals|runs|examples|iterations)")
_MAX_FINDINGS = 10
_FILE_NAME = re.compile(r"\.[A-Za-z]\w{1,5}$")
_RUN_SETTING = re.compile(r"(?:^|_)(?:retr(?:y|ies)|attempts|workers|repeat|flaky)")


def detect(ctx: DiffContext) -> Iterator[Finding]:
    checks = "\n".join(
        code for f in ctx.test_files for h in f.change.hunks for ln in h.lines
        if ln.kind != "-" and _CHECK.search(code := f.code(ln))
    )
    for changed in ctx.test_files:
        if changed.change.status != "modified":
            continue
        owned = {f.line for f in expectations.file_findings(changed, ctx.report)}
        found = (
            finding("test_weakened", changed, line, reason)
            for reason, line in chain(
                _values_edited(changed, ctx.report, checks),
                _checks_disarmed(changed, ctx.report),
                _answers_itself(changed),
            )
        )
        yield from islice((f for f in found if f.line not in owned), _MAX_FINDINGS)


def _values_edited(
    changed: ChangedFile, report: str | None, checks: str
) -> Iterator[tuple[str, DiffLine]]:
    """`checks`: the check lines of every test file in the diff, where a name is compared."""
    removed = [ln for ln in changed.net_removed if _DEFINITION.match(changed.code(ln))]
    added = [ln for ln in changed.net_added if _DEFINITION.match(changed.code(ln))]
    for old, new in pair_lines(removed, added, 0.6):
        old_code, new_code = changed.code(old), changed.code(new)
        if is_full_line_comment(old.text, changed.language):
            continue
        old_toks, new_toks = tokens(old_code), tokens(new_code)
        if len(old_toks) != len(new_toks) or same_values(old_toks, new_toks):
            continue
        shape_kept = all(
            a.literal == b.literal and (a.literal or a.text == b.text) for a, b in zip(old_toks, new_toks, strict=True)
        )
        values = [b.text for a, b in zip(old_toks, new_toks, strict=True) if a.literal and a.text != b.text]
        if not shape_kept or not values or any(_FILE_NAME.search(v.strip("\"'`")) for v in values):
            continue  # another data file (`orders_v2.json`) is a new source, judged as one
        match = _DEFINITION.match(new_code)
        name = (match.group("name") or match.group("key") or match.group("let") or "") if match else ""
        if _RUN_SETTING.search(_words(name)):
            continue  # how the runner repeats tests: retry masking's (soft) to judge
        if not name:
            name = _enclosing_name(changed, new)  # a fixture's `return 108.25`: the fixture's name
        if not (_EXPECTATION_NAME.search(_words(name)) or name and re.search(rf"\b{re.escape(name.strip(chr(34) + chr(39)))}\b", checks)):
            continue  # an input the test feeds the code, not what it compares with
        looser = _direction(name, old_code, new_code)
        if looser is False or spared(report, changed, [v.strip("\"'`") for v in values]):
            continue
        what = "widens" if looser else "changes"
        label = f"`{name.strip(chr(34) + chr(39))}`"
        reason = (
            f"{what} {label}, a value an existing test compares with: "
            f"`{snippet(old_code, 50)}` → `{snippet(new_code, 50)}`"
        )
        yield reason, new


# Names of what a test compares with, or how closely or how long.
_EXPECTATION_NAME = re.compile(
    r"(?:^|_)(?:expect|want|golden|result|total|answer|output|tol|eps|delta|margin|time_?out|wait|deadline|"
    r"limit|max|min|count|places|digits|precision|within|bound)"
)


def _words(name: str) -> str:
    """A name's words, lower case, joined by `_`: `EXPECTED_STEPS`, `expectedSteps` and
    `expected-steps` all read `expected_steps`; `HTTPTimeout` reads `http_timeout`."""
    return "_".join(w.lower() for w in re.findall(r"[A-Z]+(?![a-z])|[A-Z]?[a-z]+|\d+", name))


def _enclosing_name(changed: ChangedFile, line: DiffLine) -> str:
    """The function a `return` sits in (a pytest fixture's name), from the rows above it."""
    position = changed.locate(line)
    if position is None:
        return ""
    hunk, index = position
    for row in reversed(hunk.lines[:index]):
        found = re.match(r"^\s*(?:async\s+)?(?:def|function|func)\s+([\w$]+)", row.text)
        if found:
            return found.group(1)
    found = re.search(r"(?:def|function|func)\s+([\w$]+)", hunk.section)
    return found.group(1) if found else ""


def _direction(name: str, old: str, new: str) -> bool | None:
    """True when a tolerance or limit grew (or a precision shrank), False when it tightened,
    None for any other value (an expected value: every change counts)."""
    words = _words(name)
    larger_looser = bool(_LOOSER_WHEN_LARGER.search(words))
    larger_stricter = bool(_STRICTER_WHEN_LARGER.search(words))
    if not (larger_looser or larger_stricter):
        return None
    before, after = _amount(old), _amount(new)
    if before is None or after is None or before == after:
        return None
    grew = after > before
    return grew if larger_looser else not grew


def _amount(code: str) -> float | None:
    """The value the line assigns, in seconds when it names a unit (`2 * time.Second`)."""
    match = _DEFINITION.match(code)
    return seconds(code[match.end():] if match and match.group("name") else code)


# --- checks that no longer count ------------------------------------------------------------

_OPENS = re.compile(r"^\s*(if|unless|try|begin)\b|^\s*(\}\s*)?(if|try)\s*[({:]|^\s*try\s*\{")
_FAILS = re.compile(r"\b(raise|throw|fail|t\.Fatal|t\.Error|pytest\.fail|assert|expect|Assert\.fail|flunk)\b")
_CHECK = re.compile(r"\b(assert\w*|Assert\w*|expect|should|must_\w+|verify|t\.(Fatal|Error)\w*)\b")


def _checks_disarmed(changed: ChangedFile, report: str | None) -> Iterator[tuple[str, DiffLine]]:
    """An existing check now nested under an added `if` (runs only sometimes) or in an added `try`
    whose handler does not fail the test (its failure is caught), unless the report asks."""
    if spared(report, changed, []):
        return
    for hunk in changed.change.hunks:
        gone = [ln.text.strip() for ln in hunk.lines if ln.kind == "-" and _CHECK.search(ln.text)]
        rows = [ln for ln in hunk.lines if ln.kind != "-"]
        for index, row in enumerate(rows):
            if row.kind != "+" or not gone or not _CHECK.search(row.text):
                continue
            if is_full_line_comment(row.text, changed.language) or not _replaces(row.text.strip(), gone):
                continue
            opener = _opener(rows, index)
            if opener is None:
                continue
            if re.match(r"^\s*(try|begin)\b", opener.text) and _handler_fails(rows, index, opener):
                continue
            how = "inside a `try` whose handler lets it fail quietly" if re.match(
                r"^\s*(try|begin)\b", opener.text) else "under a condition it did not have"
            yield f"moves an existing check {how}: `{snippet(opener.text.strip(), 40)}` … `{snippet(row.text.strip(), 50)}`", row


def _replaces(text: str, gone: list[str]) -> bool:
    """The added check is a removed one, or its edit (`assert f(x) == 1` → `assert result == 1`)."""
    return any(text == old or SequenceMatcher(None, text, old).ratio() >= 0.6 for old in gone)


def _opener(rows: list[DiffLine], index: int) -> DiffLine | None:
    """The added `if`/`try` line the row now sits under (the nearest less-indented line above)."""
    indent = len(rows[index].text) - len(rows[index].text.lstrip())
    for row in reversed(rows[:index]):
        if not row.text.strip():
            continue
        depth = len(row.text) - len(row.text.lstrip())
        if depth < indent:
            return row if row.kind == "+" and _OPENS.match(row.text) else None
    return None


def _handler_fails(rows: list[DiffLine], index: int, opener: DiffLine) -> bool:
    """The `catch`/`except`/`rescue` after the try re-raises or fails the test."""
    depth = len(opener.text) - len(opener.text.lstrip())
    handler: list[str] = []
    inside = False
    for row in rows[index + 1 :]:
        text = row.text
        if not text.strip():
            continue
        level = len(text) - len(text.lstrip())
        if level <= depth and re.match(r"^\s*(\}\s*)?(catch|except|rescue|ensure|finally)\b", text):
            inside = True
            handler.append(text)
            continue
        if inside and level <= depth and not re.match(r"^\s*\}\s*;?\s*$", text):
            break
        if inside:
            handler.append(text)
    return not handler or any(_FAILS.search(t) for t in handler)


# --- an expected value that is the code's own answer ------------------------------------------

_HEAD = re.compile(r"^\s*(?:new\s+)?([A-Za-z_$][\w$]*(?:\.[A-Za-z_$][\w$]*)*)")
_NOT_THE_CODE = re.compile(r"^([A-Z]\w*|float|int|str|bool|list|dict|set|tuple|len|Number|String|parse\w*|"
                           r"Decimal|BigDecimal|Date|Time|time|datetime|math|Math|json|JSON|path|Path)(\.|$)")


def _answers_itself(changed: ChangedFile) -> Iterator[tuple[str, DiffLine]]:
    """An expected literal replaced by the code's own answer: `toBe(108.25)` → `toBe(total(cart))`
    beside `expect(total(cart))`, `eq(119)` → `eq(invoice.gross)`, `expected = 1.01` →
    `expected = round2(1.005)` above `assert round2(1.005) == expected`: the check compares the
    code with itself and holds whatever it computes."""
    net_removed = {id(ln) for ln in changed.net_removed}  # once per file, not per line
    net_added = {id(ln) for ln in changed.net_added}
    for hunk in changed.change.hunks:
        removed = [ln for ln in hunk.lines if ln.kind == "-" and id(ln) in net_removed]
        added = [ln for ln in hunk.lines if ln.kind == "+" and id(ln) in net_added]
        post = [changed.code(ln) for ln in hunk.lines if ln.kind != "-"]
        for old, new in pair_lines(removed, added, 0.5):
            before, after = tokens(changed.code(old)), tokens(changed.code(new))
            matcher = SequenceMatcher(None, [t.text for t in before], [t.text for t in after], autojunk=False)
            for tag, i1, i2, j1, j2 in matcher.get_opcodes():
                gone, came = before[i1:i2], after[j1:j2]
                if tag != "replace" or not gone or not all(t.literal or t.text == "-" for t in gone):
                    continue
                head = came[0].text if came[0].kind == "name" else ""
                if not ("." in head or len(came) > 1 and came[1].text == "("):
                    continue  # a bare name (a helper's parameter) is not the code's answer
                if not head or _NOT_THE_CODE.match(head) or head in _FRAMEWORK or head in _WORD_LITERALS:
                    continue
                pattern = re.compile(rf"(?<![\w$.]){re.escape(head)}(?![\w$])")
                rest = " ".join(t.text for t in after[:j1] + after[j2:])
                code = changed.code(new)
                checks = [t for t in post if t != code and _CHECK.search(t)]
                if pattern.search(rest) and _CHECK.search(code) or any(pattern.search(t) for t in checks):
                    shown = " ".join(t.text for t in came)
                    yield (
                        f"replaces the expected `{snippet(' '.join(t.text for t in gone), 20)}` with the "
                        f"code's own answer `{snippet(shown, 30)}`: `{snippet(code.strip(), 50)}`"
                    ), new
                    break


_WORD_LITERALS = frozenset({"True", "False", "None", "true", "false", "null", "nil", "undefined"})
_FRAMEWORK = frozenset({"expect", "assert", "assertEquals", "eq", "toBe", "toEqual", "it", "test", "describe"})

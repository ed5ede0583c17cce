"""test_weakened (expectations): an existing test's expected value or tolerance edited, unasked.

The quiet way to turn a red test green is to write the buggy output into the test: `== 41`
becomes `== 42`, a `want` field or a parametrize row's last value changes, or the tolerance of
`pytest.approx`, `assertAlmostEqual`, `toBeCloseTo`, `closeTo`, `InDelta`/`InEpsilon` grows. Only
the expected side counts: a changed input (inside the call under test) or a renamed call is a
different test, not a loosened one. The report (acceptance criteria quotes) spares the edit when
it names the new expected value or asks for the test (or its tolerance) to change.
"""

from __future__ import annotations

import math
import re
from collections.abc import Iterator
from dataclasses import dataclass
from difflib import SequenceMatcher
from itertools import islice

from bot.validator.context import ChangedFile, DiffContext, is_full_line_comment
from bot.validator.detectors.check_strength import weakened_checks
from bot.validator.detectors.common import finding, pair_lines, snippet
from bot.validator.diffparse import DiffLine, Hunk
from bot.validator.models import Finding
from bot.validator.report import asks_for_test_change, states_expected_value

_TOKEN = re.compile(
    r"""(?P<str>[rbuf]{0,2}("([^"\\]|\\.)*"|'([^'\\]|\\.)*'|`([^`\\]|\\.)*`))"""
    r"|(?P<num>\d[\d_]*(\.\d+)?([eE][+-]?\d+)?[jJnLlfF]?|\.\d+([eE][+-]?\d+)?)"
    r"|(?P<name>[A-Za-z_$][\w$]*(\.[A-Za-z_$][\w$]*)*)"
    r"|(?P<op>->|=>|==|!=|<=|>=|:=|&&|\|\||\S)"
)
_WORD_LITERALS = frozenset({"True", "False", "None", "true", "false", "null", "nil", "undefined"})
_ASSERTING = re.compile(
    r"^(assert\w*|Assert\w*|check\w*|verify\w*|expect_\w+|to[A-Z]\w*|(Not)?Equal\w*|Exactly|Same|"
    r"InDelta\w*|InEpsilon\w*|JSONEq|ElementsMatch|Len|Lenf|Subset|approx|isclose|allclose|assert_allclose|closeTo|"
    r"equal|equals|deepEqual|strictEqual|deepStrictEqual|eql|eq|be|become|to_eq|is_equal_to|Is|"
    r"is[A-Z]\w*|has[A-Z]\w*|contains(Exactly|Only|InAnyOrder)?\w*|equalTo|closeTo|should\w*|"
    r"must_\w+|wont_\w+|refute_\w+|be_\w+|match(es)?|include|of|within|have_\w+|satisfies)$"
)
# Calls that build an expected value rather than compute the actual one.
_VALUE_CALL = re.compile(
    r"^(int|uint|float|complex|byte|rune)\d*$|^(str|bool|bytes|set|frozenset|tuple|list|dict|Decimal|"
    r"Fraction|date|datetime|time|timedelta|Date|Duration|BigInt|Number|String|Symbol|Money|Some|Ok|Err|"
    r"NewInt|NewFloat|ParseDuration|MustParse|Pointer|Ptr|new|of|from)$"
)
_TOLERANCE_KW = re.compile(
    r"^(abs|rel|abs_tol|rel_tol|atol|rtol|delta|epsilon|eps|tol|tolerance|places|decimal|precision|digits)$"
)
_DIGITS_KW = frozenset({"places", "decimal", "precision", "digits"})
# Positional tolerance: (call, index of the argument, digits or amount, default when absent).
_POSITIONAL = {
    "assertAlmostEqual": (2, "digits", 7),
    "assertNotAlmostEqual": (2, "digits", 7),
    "assert_almost_equal": (2, "digits", 7),
    "toBeCloseTo": (1, "digits", 2),
    "closeTo": (1, "amount", None),
    "approximately": (1, "amount", None),
    "InDelta": (3, "amount", None),
    "InEpsilon": (3, "amount", None),
    "InDeltaf": (3, "amount", None),
    "InEpsilonf": (3, "amount", None),
    "approx": (None, "amount", 1e-6),
    "be_within": (0, "amount", None),
    "within": (0, "amount", None),
    "byLessThan": (0, "amount", None),
    "offset": (0, "amount", None),
    "isclose": (None, "amount", 1e-9),
    "assert_in_delta": (2, "amount", 0.001),  # minitest
    "assert_in_epsilon": (2, "amount", 0.001),
    "assertEquals": (2, "amount", None),  # JUnit's (expected, actual, delta) for doubles
}
_EXPECT_ASSIGN = re.compile(
    r"^\s*(const\s+|let\s+|var\s+)?(expected|want|wanted|exp|golden)\w*(\s*:\s*[\w.\[\]| ]+)?\s*(:=|=)(?!=)",
    re.IGNORECASE,
)
_ROW = re.compile(r"^\s*(pytest\.param\(|[\(\{\[]).*[\)\}\]]\s*,?\s*$")
_ROW_EXPECTED_KEY = re.compile(
    r"^[\"']?(want|wanted|expected|expect|exp|out|output|result|golden)\w*[\"']?\s*:", re.IGNORECASE
)
_MESSAGE_CALL = re.compile(r"\bt\.(Errorf|Fatalf|Logf|Error|Fatal|Log|Skipf?)\(|\bprint(ln|f)?\(|\bconsole\.\w+\(")


@dataclass(frozen=True)
class _Token:
    kind: str
    text: str

    @property
    def literal(self) -> bool:
        return self.kind in ("str", "num") or self.text in _WORD_LITERALS


_OPEN = _Token("op", "(")


_MAX_FINDINGS = 20  # per file: a reviewer needs the pattern, not every line of a rewrite


def detect(ctx: DiffContext) -> Iterator[Finding]:
    for changed in ctx.test_files:
        yield from file_findings(changed, ctx.report)
    for changed in ctx.files:
        # Product source in a package named `golden` or `expected` is code, not a test's output.
        if _EXPECTED_OUTPUT.search(changed.path) and not changed.is_product:
            yield from _expected_output_edited(changed, ctx.report)


def file_findings(changed: ChangedFile, report: str | None) -> list[Finding]:
    """The lines of one test file this detector owns: assertions whose expected side, tolerance,
    bound or time limit changed, and checks made weaker. `test_values` judges the other lines
    (where a value is defined), so each line has one owner and one reason."""
    edited = list(islice(_file_findings(changed, report), _MAX_FINDINGS))
    flagged = {f.line for f in edited}
    weaker = weakened_checks(changed, spared(report, changed, []))
    return [*edited, *islice((f for f in weaker if f.line not in flagged), _MAX_FINDINGS)]


# Files that are an existing test's expected value: snapshots, golden and approved outputs.
_EXPECTED_OUTPUT = re.compile(
    r"(^|/)__snapshots__/|\.snap$|\.golden$|(^|/)(golden|goldens|expected|approved)/|\.approved\.\w+$|"
    r"(^|/)testdata/.*\b(want|expected|golden|out(put)?)\b"
)


def _expected_output_edited(changed: ChangedFile, report: str | None) -> Iterator[Finding]:
    """A snapshot or golden file that existed and now expects something else: an expected value
    edited in place, spared only when the report asks for it or states the new values."""
    if changed.change.status != "modified" or not changed.net_added or not changed.net_removed:
        return
    old_words = {w for ln in changed.net_removed for w in re.findall(r"[\w.\-]+", ln.text)}
    new_values = sorted(
        {w for ln in changed.net_added for w in re.findall(r"[\w.\-]+", ln.text)} - old_words
    )
    if spared(report, changed, new_values):
        return
    line = changed.net_added[0]
    yield finding(
        "test_weakened",
        changed,
        line,
        f"edits an existing test's expected output (`{changed.path.rsplit('/', 1)[-1]}`): "
        f"`{snippet(changed.net_removed[0].text, 40)}` → `{snippet(line.text, 40)}`",
    )


def _file_findings(changed: ChangedFile, report: str | None) -> Iterator[Finding]:
    if changed.change.status in ("added", "deleted"):
        return
    net_removed = {id(line) for line in changed.net_removed}
    net_added = {id(line) for line in changed.net_added}
    for hunk in changed.change.hunks:
        removed = [ln for ln in hunk.removed if id(ln) in net_removed and _candidate(changed, ln)]
        added = [ln for ln in hunk.added if id(ln) in net_added and _candidate(changed, ln)]
        if len(removed) > _MAX_CANDIDATES or len(added) > _MAX_CANDIDATES:
            continue
        for old, new in _pairs(removed, added):
            reason = _edited(changed, hunk, old, new, report)
            if reason:
                yield finding(
                    "test_weakened",
                    changed,
                    new,
                    f"{reason}: `{snippet(old.text, 50)}` → `{snippet(new.text, 50)}`",
                )


_LIKELY = re.compile(
    r"\bassert|\bAssert|\bexpect|\bto[A-Z]\w*\(|\b(Equal|InDelta|InEpsilon|closeTo|approx|isclose)\w*\(|"
    r"\brequire\.[A-Z]\w*\(|\b(Len|Lenf|Subset|ElementsMatch|JSONEq)\(|"
    r"\b(want|expected|exp|golden)\w*\b|\b(if|unless)\b.*(==|!=|<|>)|(time_?out|deadline|time_?limit)|"
    r"\bwithin\(|\bbe_within\b|^\s*\}\s*,\s*\d[\d_]*\s*\)|\b(must|wont)_\w+|\bshould\w*|\brefute\w*|\bis_expected\b|"
    r"\b(max_examples|numRuns|num_runs|MaxCount|RepeatedTest|invocationCount)\b",
    re.IGNORECASE,
)
_MAX_CANDIDATES = 5000  # per side of a hunk: a rewrite that large is not an edit in place


def _candidate(changed: ChangedFile, line: DiffLine) -> bool:
    """A line that may hold an expectation: an assertion, a `want`, a table row, a lone literal."""
    text = changed.code(line)
    if not text.strip() or is_full_line_comment(line.text, changed.language):
        return False
    if _MESSAGE_CALL.search(text):
        return False
    return bool(_LIKELY.search(text) or _ROW.match(text) or _lone_literal(text))


def _pairs(removed: list[DiffLine], added: list[DiffLine]) -> list[tuple[DiffLine, DiffLine]]:
    """Edited lines: similar enough, or both a lone literal (`5400,` → `90,`)."""
    pairs = pair_lines(removed, added, 0.6)
    paired = {id(line) for pair in pairs for line in pair}
    lone_old = [ln for ln in removed if id(ln) not in paired and _lone_literal(ln.text)]
    lone_new = [ln for ln in added if id(ln) not in paired and _lone_literal(ln.text)]
    return pairs + list(zip(lone_old, lone_new, strict=False))


def _lone_literal(text: str) -> bool:
    toks = tokens(text)
    return bool(toks) and all(t.literal or t.text in (",", ")", "]", "}") for t in toks)


def same_values(old: list[_Token], new: list[_Token]) -> bool:
    """The same statement with each number written another way (`3` → `3.0`, `1_000` → `1000`)."""
    if len(old) != len(new) or old == new:
        return False
    for a, b in zip(old, new, strict=True):
        if a.text == b.text:
            continue
        if a.kind != "num" or b.kind != "num" or _as_float(a.text) != _as_float(b.text):
            return False
    return True


def _as_float(text: str) -> float | None:
    try:
        return float(text.replace("_", "").rstrip("jJnLlfF"))
    except ValueError:
        return None


def tokens(text: str) -> list[_Token]:
    out: list[_Token] = []
    for match in _TOKEN.finditer(text):
        kind = match.lastgroup or "op"
        value = match.group(0)
        if kind == "num" and out and out[-1].text == "-" and (
            len(out) < 2 or out[-2].kind == "op" and out[-2].text not in (")", "]", "}")
        ):
            out[-1] = _Token("num", "-" + value)
            continue
        out.append(_Token(kind, value))
    return out


def _edited(
    changed: ChangedFile, hunk: Hunk, old: DiffLine, new: DiffLine, report: str | None
) -> str | None:
    old_tokens = _statement(tokens(changed.code(old)), changed.language)
    new_tokens = _statement(tokens(changed.code(new)), changed.language)
    if not old_tokens or not new_tokens or same_values(old_tokens, new_tokens):
        return None
    widened = _tolerance_widened(old_tokens, new_tokens)
    if widened is not None:
        if spared(report, changed, [widened]):
            return None
        return "widens the tolerance of an existing assertion"
    bound = _bound_change(old_tokens, new_tokens)
    if bound is not None:
        looser, value = bound
        if not looser or spared(report, changed, [value]):
            return None  # a tighter bound makes the test stricter
        return "widens the bound an existing check compares against"
    more_time = _time_limit_raised(changed.code(old), changed.code(new))
    if more_time is not None:
        if spared(report, changed, [more_time]):
            return None
        return "gives an existing test a longer time limit"
    fewer = _sample_count_lowered(changed.code(old), changed.code(new))
    if fewer is not None:
        if spared(report, changed, [fewer]):
            return None
        return "runs an existing test on fewer examples"
    if _pattern_loosened(changed.code(old), changed.code(new)):
        if spared(report, changed, []):
            return None
        return "loosens the pattern an existing assertion matches"
    dropped = _dropped_expectation(old_tokens, new_tokens)
    if dropped is not None and _ASSERTING_LINE.search(changed.code(new)):
        if spared(report, changed, []):
            return None
        return f"drops the expected {dropped} from an existing assertion"
    changed_new = _changed_literals(old_tokens, new_tokens)
    if changed_new is None:
        return None
    tolerance = _tolerance(new_tokens)
    kept = [
        (p, v)
        for p, v in zip(*changed_new, strict=False)
        if tolerance is None or p != tolerance[2]
    ]
    if not kept:
        return None  # only the tolerance changed, and it did not grow
    positions, values = [p for p, _ in kept], [v for _, v in kept]
    kind = _expectation_kind(changed, hunk, old, new_tokens)
    if kind is None or not _on_expected_side(new_tokens, positions, kind):
        return None
    if spared(report, changed, values):
        return None
    return "edits the expected value of an existing test (the report does not ask for it)"


_ASSERTING_LINE = re.compile(
    r"\b(assert\w*|Assert\w*|expect|to[A-Z]\w*|should\w*|must_\w+|require\.\w+|check\w*|verify\w*)\b"
)


_PATTERN_ARG = re.compile(
    r"\b(toMatch|assertRegex|assertRegexpMatches|assert_match|Regexp|MatchString|matches|fullmatch|match|search)"
    r"\s*\(\s*(?:\w+\s*,\s*)?(?:/((?:\\/|[^/])+)/[a-z]*|r?\"((?:[^\"\\]|\\.)*)\"|r?'((?:[^'\\]|\\.)*)')"
)


def _pattern_loosened(old: str, new: str) -> bool:
    """`toMatch(/^42 EUR$/)` → `toMatch(/EUR/)`: the new pattern is part of the old one,
    anchors and all stripped, so it matches everything the old one did and more."""
    before, after = _PATTERN_ARG.search(old), _PATTERN_ARG.search(new)
    if before is None or after is None or before.group(1) != after.group(1):
        return False
    old_pattern = next(g for g in before.groups()[1:] if g is not None)
    new_pattern = next(g for g in after.groups()[1:] if g is not None)
    if old_pattern == new_pattern:
        return False

    def bare(pattern: str) -> str:
        return re.sub(r"\\(.)", r"\1", pattern.strip("^$"))

    return len(new_pattern) < len(old_pattern) and bare(new_pattern) in bare(old_pattern)


def _dropped_expectation(old: list[_Token], new: list[_Token]) -> str | None:
    """The assertion kept its shape but lost the literal it checked: `toThrow("msg")` →
    `toThrow()`, `toContain("a", "b")` → `toContain("a")`. What is left accepts more."""
    old_texts, new_texts = [t.text for t in old], [t.text for t in new]
    if len(new_texts) >= len(old_texts):
        return None
    matcher = SequenceMatcher(None, old_texts, new_texts, autojunk=False)
    gone: list[_Token] = []
    for op, i1, i2, _j1, _j2 in matcher.get_opcodes():
        if op == "equal":
            continue
        if op != "delete":
            return None  # something else changed too: not only a literal dropped
        gone.extend(old[i1:i2])
    if not any(t.kind in ("str", "num") for t in gone):
        return None
    if any(t.kind == "name" and not re.fullmatch(r"[a-z]{1,3}", t.text) for t in gone):
        return None  # a call or a variable went: a different check, judged elsewhere
    return "value" if any(t.kind == "num" for t in gone) else "text"


def _statement(toks: list[_Token], language: str | None) -> list[_Token]:
    """Drop an assert message (`assert x == 1, "msg"`) and a Go `if` init clause."""
    if toks and toks[0].text == "assert" and language == "python":
        depth = 0
        for i, tok in enumerate(toks):
            depth += tok.text in "([{" and tok.kind == "op"
            depth -= tok.text in ")]}" and tok.kind == "op"
            if depth == 0 and tok.text == ",":
                return toks[:i]
    return toks


def _changed_literals(
    old: list[_Token], new: list[_Token]
) -> tuple[list[int], list[str]] | None:
    """Positions (in `new`) and texts of literals that changed, when nothing else changed."""
    matcher = SequenceMatcher(None, [t.text for t in old], [t.text for t in new], autojunk=False)
    positions: list[int] = []
    values: list[str] = []
    for op, i1, i2, j1, j2 in matcher.get_opcodes():
        if op == "equal":
            continue
        chunk = old[i1:i2] + new[j1:j2]
        if _member_swap(old[i1:i2], new[j1:j2]):
            positions.append(j1)
            values.append(new[j1].text.rsplit(".", 1)[-1])
            continue
        if not all(t.literal or t.text in (",", ":") for t in chunk):
            return None
        literals = [j for j in range(j1, j2) if new[j].literal]
        if not literals and not any(t.literal for t in old[i1:i2]):
            return None
        positions.extend(literals or [max(j1 - 1, 0)])
        values.extend(new[j].text for j in literals)
    return (positions, values) if positions else None


def _member_swap(old: list[_Token], new: list[_Token]) -> bool:
    """`time.Monday` → `time.Saturday`, `Status.ACTIVE` → `Status.CLOSED`: an enum value."""
    if len(old) != 1 or len(new) != 1 or old[0].kind != "name" or new[0].kind != "name":
        return False
    a, b = old[0].text.rsplit(".", 1), new[0].text.rsplit(".", 1)
    return len(a) == 2 and len(b) == 2 and a[0] == b[0] and a[1] != b[1] and a[1][:1].isupper()


def _expectation_kind(
    changed: ChangedFile, hunk: Hunk, old: DiffLine, new_tokens: list[_Token]
) -> str | None:
    text = changed.code(old)
    if _EXPECT_ASSIGN.match(text):
        return "assign"
    names = [t.text.rsplit(".", 1)[-1] for t in new_tokens if t.kind == "name"]
    if names and names[0] == "assert" or any(_ASSERTING.match(n) for n in names):
        return "assert"
    if names and names[0] == "if" and any(t.text in ("==", "!=") for t in new_tokens):
        return "compare"
    if _ROW.match(text) and _in_table(hunk):
        return "row"
    if _continues_assertion(changed, hunk, old):
        return "continued"
    return None


_TABLE_WORDS = re.compile(r"parametrize|\.each\b|\[\]struct\s*\{|\bcases\b|\btests\b|table|Source\b")
# A hunk inside a test function (git's function context names it): its rows are the test's table.
_TEST_SECTION = re.compile(
    r"\bfunc\s+(\(\w+\s+\*?\w+\)\s*)?Test\w*\(|\bdef\s+test_?\w*\(|\b(describe|it|test)(\.\w+)?\(|"
    r"\bvoid\s+\w+\(|\bclass\s+\w*Test\b|@(Test|ParameterizedTest)\b"
)


def _in_table(hunk: Hunk) -> bool:
    rows = sum(1 for ln in hunk.lines if ln.kind != "+" and _ROW.match(ln.text))
    context = any(_TABLE_WORDS.search(ln.text) for ln in hunk.lines)
    in_test = bool(_TEST_SECTION.search(hunk.section)) and rows >= 1
    return context or in_test or rows >= 3


def _continues_assertion(changed: ChangedFile, hunk: Hunk, line: DiffLine) -> bool:
    """A lone literal line whose innermost open call above it is an assertion or matcher.

    `assert.strictEqual(\n  parseDuration('1h30m'),\n  5400,\n)`: 5400 is the expected value.
    """
    if not _lone_literal(line.text):
        return False
    position = changed.locate(line)
    if position is None:
        return False
    above = [ln for ln in hunk.lines[: position[1]] if ln.kind != "+"][-6:]
    toks = [t for ln in above for t in tokens(changed.code(ln))]
    for name in _frames(toks, len(toks)):
        if _ASSERTING.match(name):
            return True
        if name and not _VALUE_CALL.match(name):
            return False
    return False


def _frames(toks: list[_Token], index: int) -> list[str]:
    """Names of the calls enclosing token `index`, innermost first ("" for a bare bracket)."""
    stack: list[str] = []
    for i, tok in enumerate(toks[:index]):
        if tok.kind != "op":
            continue
        if tok.text in "([{":
            name = toks[i - 1].text if i and toks[i - 1].kind == "name" and tok.text == "(" else ""
            if name and i > 1 and toks[i - 2].text == "new":
                name = "new"  # `new BigDecimal("1.90")`: a constructor builds a value
            stack.append(name.rsplit(".", 1)[-1])
        elif tok.text in ")]}" and stack:
            stack.pop()
    return list(reversed(stack))


def _on_expected_side(toks: list[_Token], positions: list[int], kind: str) -> bool:
    if kind == "row":
        return all(_last_or_keyed(toks, p) for p in positions)
    if kind == "continued":
        return True
    for position in positions:
        if _after_bare_matcher(toks, position):
            continue  # Ruby's `eq 4`, `assert_equal 42, total`, `must_equal 41`: no brackets
        frames = _frames(toks, position)
        for name in frames:
            if _ASSERTING.match(name):
                break
            if name and not _VALUE_CALL.match(name):
                return False  # inside the call under test: an input changed
        else:
            if kind in ("assert", "compare") and not _beside_comparison(toks, position):
                return False
    return True


def _after_bare_matcher(toks: list[_Token], position: int) -> bool:
    """The literal is the first argument of an asserting call written without brackets."""
    if position == 0 or _frames(toks, position):
        return False
    before = toks[position - 1]
    return before.kind == "name" and bool(_ASSERTING.match(before.text.rsplit(".", 1)[-1])) and (
        position < 2 or toks[position - 2].text not in ("def", "function", "func")
    )


def _beside_comparison(toks: list[_Token], position: int) -> bool:
    """At statement level the changed literal sits on a side of ==/!=/</> with no product call."""
    depth, ops = 0, []
    for i, tok in enumerate(toks):
        if tok.kind == "op" and tok.text in "([{":
            depth += 1
        elif tok.kind == "op" and tok.text in ")]}":
            depth -= 1
        elif depth == 0 and tok.text in ("==", "!=", "<", ">", "<=", ">=", "is", "in", ";", "{"):
            ops.append(i)
    comparisons = [i for i in ops if toks[i].text not in (";", "{")]
    if not comparisons:
        return False
    split = comparisons[-1]
    start = max([i for i in ops if toks[i].text == ";" and i < split], default=-1) + 1
    side = toks[split + 1 :] if position > split else toks[start:split]
    if position < start:
        return False
    calls = [
        toks[i].text.rsplit(".", 1)[-1]
        for i in range(len(side) - 1)
        if side[i].kind == "name" and side[i + 1].text == "("
    ]
    return all(_VALUE_CALL.match(c) or _ASSERTING.match(c) for c in calls)


def _last_or_keyed(toks: list[_Token], position: int) -> bool:
    """In a table row, the expected value is the last element or a `want:`/`expected:` field."""
    depth, element_start, starts = 0, 0, []
    for i, tok in enumerate(toks):
        if tok.kind == "op" and tok.text in "([{":
            depth += 1
            if depth == 1:
                element_start = i + 1
                starts.append(element_start)
        elif tok.kind == "op" and tok.text in ")]}":
            depth -= 1
        elif depth == 1 and tok.text == ",":
            element_start = i + 1
            starts.append(element_start)
    if not starts:
        return False
    mine = max((s for s in starts if s <= position), default=starts[0])
    element = "".join(t.text for t in toks[mine : mine + 3])
    if _ROW_EXPECTED_KEY.match(element):
        return True
    trailing = [s for s in starts if s < len(toks) and toks[s].text not in (")", "]", "}")]
    return bool(trailing) and mine == trailing[-1]


def _tolerance_widened(old: list[_Token], new: list[_Token]) -> str | None:
    """The new line accepts more error than the old one, everything else equal; the new amount."""
    old_tol, new_tol = _tolerance(old), _tolerance(new)
    if old_tol is None or new_tol is None:
        return None
    if _without_tolerance(old) != _without_tolerance(new):
        return None
    (old_amount, _, _), (new_amount, new_text, _) = old_tol, new_tol
    return new_text if new_amount > old_amount * 1.0000001 else None


def _tolerance(toks: list[_Token]) -> tuple[float, str, int | None] | None:
    """The loosest tolerance the line accepts (as an absolute amount), its text and token index."""
    for i, tok in enumerate(toks):
        name = tok.text.rsplit(".", 1)[-1]
        if tok.kind != "name" or name not in _POSITIONAL:
            continue
        if toks[i + 1 : i + 2] == [_OPEN]:
            args = _arguments(toks, i + 1)
        elif toks[i + 1 : i + 2] and toks[i + 1].text not in (".", "=", ")"):
            args = _bare_arguments(toks, i + 1)  # Ruby's `assert_in_delta 42.0, x, 0.01`
        else:
            continue
        index, form, default = _POSITIONAL[name]
        keyword = {
            a[0][1].text: a[2:]
            for a in args
            if len(a) > 2 and a[1][1].text == "=" and _TOLERANCE_KW.match(a[0][1].text)
        }
        amounts: list[tuple[float, str, int | None]] = []
        for key, value in keyword.items():
            number = _number([t for _, t in value])
            if number is not None:
                digits = key in _DIGITS_KW
                amount = 10.0**-number if digits else number
                amounts.append((amount, value[0][1].text, value[0][0]))
        positional = [a for a in args if not (len(a) > 1 and a[1][1].text == "=")]
        if not amounts and index is not None and len(positional) > index:
            number = _number([t for _, t in positional[index]])
            if number is not None:
                amount = 10.0 ** -number if form == "digits" else number
                amounts.append((amount, positional[index][0][1].text, positional[index][0][0]))
        if not amounts and default is not None:
            amount = 10.0 ** -default if form == "digits" else float(default)
            amounts.append((amount, str(default), None))
        if amounts:
            return max(amounts)
    return None


def _bare_arguments(toks: list[_Token], start: int) -> list[list[tuple[int, _Token]]]:
    """Arguments of a call written without parentheses: the rest of the line, split at its
    top-level commas."""
    args: list[list[tuple[int, _Token]]] = [[]]
    depth = 0
    for index, tok in enumerate(toks[start:], start=start):
        if tok.kind == "op" and tok.text in "([{":
            depth += 1
        elif tok.kind == "op" and tok.text in ")]}":
            depth -= 1
        if depth == 0 and tok.text == ",":
            args.append([])
        else:
            args[-1].append((index, tok))
    return [a for a in args if a]


def _arguments(toks: list[_Token], open_index: int) -> list[list[tuple[int, _Token]]]:
    """Top-level arguments of the call opening at `open_index`, as (token index, token) lists."""
    args: list[list[tuple[int, _Token]]] = [[]]
    depth = 0
    for index, tok in enumerate(toks[open_index:], start=open_index):
        if tok.kind == "op" and tok.text in "([{":
            depth += 1
            if depth == 1:
                continue
        elif tok.kind == "op" and tok.text in ")]}":
            depth -= 1
            if depth == 0:
                break
        if depth == 1 and tok.text == ",":
            args.append([])
        else:
            args[-1].append((index, tok))
    return [a for a in args if a]


def _number(value: list[_Token]) -> float | None:
    if len(value) != 1 or value[0].kind != "num":
        return None
    try:
        return float(value[0].text.replace("_", "").rstrip("jJnLlfF"))
    except ValueError:
        return None


def _without_tolerance(toks: list[_Token]) -> list[str]:
    """The line with tolerance arguments blanked, to compare what is being checked."""
    tolerance = _tolerance(toks)
    if tolerance is not None and tolerance[2] is not None:
        at = tolerance[2]
        toks = toks[: at - 1] + toks[at + 1 :] if toks[at - 1].text == "," else toks
    out: list[str] = []
    skip = 0
    texts = [t.text for t in toks]
    for i, tok in enumerate(toks):
        if skip:
            skip -= 1
            continue
        keyword = tok.kind == "name" and _TOLERANCE_KW.match(tok.text)
        if keyword and texts[i + 1 : i + 2] == ["="]:
            skip = 2
            if out and out[-1] == ",":
                out.pop()
            continue
        out.append(tok.text if not tok.literal else "<v>")
    return out


def spared(report: str | None, changed: ChangedFile, values: list[str]) -> bool:
    """The report asks for the test change, or states every new value as the expected one."""
    names = [changed.path.rsplit("/", 1)[-1], *re.findall(r"\b(?:test\w+|Test\w+)", changed.path)]
    if asks_for_test_change(report, names):
        return True
    return bool(values) and all(states_expected_value(report, v) for v in values)


_COMPARISONS = {"<": "<", "<=": "<", ">": ">", ">=": ">"}
_MATCHERS = {
    "toBeLessThan": "<", "toBeLessThanOrEqual": "<", "toBeGreaterThan": ">",
    "toBeGreaterThanOrEqual": ">", "isLessThan": "<", "isLessThanOrEqualTo": "<",
    "isGreaterThan": ">", "isGreaterThanOrEqualTo": ">", "lessThan": "<",
    "lessThanOrEqualTo": "<", "greaterThan": ">", "greaterThanOrEqualTo": ">", "Less": "<",
    "LessOrEqual": "<", "Greater": ">", "GreaterOrEqual": ">", "assertLess": "<",
    "assertLessEqual": "<", "assertGreater": ">", "assertGreaterEqual": ">", "below": "<",
    "above": ">", "lt": "<", "lte": "<", "gt": ">", "gte": ">", "be_lt": "<", "be_gt": ">",
}
_STATEMENT_OPS = frozenset({";", "{", ":", "then", "do"})


def _bound_change(old: list[_Token], new: list[_Token]) -> tuple[bool, str] | None:
    """An existing check's bound moved, the measured side unchanged: (looser?, the new bound).

    `abs(got - want) < 0.001` → `< 0.5`, `math.Abs(got-want) > 1e-9` → `> 1e-1*want` in an `if`
    that fails the test, `toBeLessThan(10)` → `(50)`: which way is looser follows the operator,
    the side the bound is on and whether the statement asserts the comparison or fails on it.
    """
    old_cmp, new_cmp = _comparison(old), _comparison(new)
    if old_cmp is None or new_cmp is None or old_cmp[0] != new_cmp[0]:
        return None
    operator = old_cmp[0]
    (old_left, old_right), (new_left, new_right) = old_cmp[1:], new_cmp[1:]
    if _texts(old_left) == _texts(new_left) and _texts(old_right) != _texts(new_right):
        old_bound, new_bound, upper = old_right, new_right, operator == "<"
    elif _texts(old_right) == _texts(new_right) and _texts(old_left) != _texts(new_left):
        old_bound, new_bound, upper = old_left, new_left, operator == ">"
    else:
        return None
    before, after = _bound_amount(old_bound), _bound_amount(new_bound)
    if before is None or after is None or before[0] == after[0]:
        return None
    fails_on_it = bool(new) and new[0].text in ("if", "unless", "elif", "else")
    grows = after[0] > before[0]
    looser = grows if upper else not grows
    return (not looser if fails_on_it else looser), after[1]


def _comparison(toks: list[_Token]) -> tuple[str, list[_Token], list[_Token]] | None:
    """(operator, measured side, bound side) of the line's one ordering comparison."""
    for i, tok in enumerate(toks):
        name = tok.text.rsplit(".", 1)[-1]
        if tok.kind == "name" and name in _MATCHERS and toks[i + 1 : i + 2] == [_OPEN]:
            args = _arguments(toks, i + 1)
            if name in ("Less", "LessOrEqual", "Greater", "GreaterOrEqual", "assertLess",
                        "assertLessEqual", "assertGreater", "assertGreaterEqual") and len(args) >= 2:
                first, second = (args[-2], args[-1])
                return _MATCHERS[name], [t for _, t in first], [t for _, t in second]
            return _MATCHERS[name], toks[:i], [t for a in args for _, t in a]
    depth_ops = [
        (i, tok.text) for i, tok in enumerate(toks) if tok.kind == "op" and tok.text in _COMPARISONS
    ]
    if len(depth_ops) != 1:
        return None
    index, operator = depth_ops[0]
    start = max((i + 1 for i, t in enumerate(toks[:index]) if t.text in _STATEMENT_OPS), default=0)
    end = next(
        (i for i, t in enumerate(toks) if i > index and t.text in _STATEMENT_OPS), len(toks)
    )
    return _COMPARISONS[operator], toks[start:index], toks[index + 1 : end]


def _texts(toks: list[_Token]) -> list[str]:
    return [t.text for t in toks if t.text not in ("(", ")")]


_UNIT_TOKEN = re.compile(r"^time\.\w+$|^(Duration\.of\w+|\w+\.(seconds?|minutes?|hours?|milliseconds?))$")


def _bound_amount(toks: list[_Token]) -> tuple[float, str] | None:
    """A bound's amount, in seconds when it carries a unit (`100*time.Millisecond` < `5*time.Second`)."""
    if any(t.kind == "name" and _UNIT_TOKEN.match(t.text) for t in toks):
        text = "".join(t.text for t in toks)
        amount = seconds(text)
        if amount is not None:
            return amount, text
    return _first_number(toks)


def _first_number(toks: list[_Token]) -> tuple[float, str] | None:
    for tok in toks:
        if tok.kind == "num":
            try:
                return float(tok.text.replace("_", "").rstrip("jJnLlfF")), tok.text
            except ValueError:
                return None
        if tok.kind == "str":
            inner = tok.text.strip("rbuf\"'`")
            if re.fullmatch(r"-?\d+(\.\d+)?", inner):
                return float(inner), tok.text
    return None


_TIME_WORDS = re.compile(
    r"time_?out|deadline|time_?limit|\bwithin\b|Eventually|waitFor|wait_for|WithTimeout|"
    r"assertTimeout|setTimeout|^\s*\}\s*,\s*\d",
    re.IGNORECASE,
)
_UNITS = {
    "nanosecond": 1e-9, "microsecond": 1e-6, "millisecond": 1e-3, "second": 1.0, "minute": 60.0,
    "hour": 3600.0, "ns": 1e-9, "us": 1e-6, "ms": 1e-3, "s": 1.0, "m": 60.0, "h": 3600.0,
    "millis": 1e-3, "seconds": 1.0, "minutes": 60.0, "hours": 3600.0, "sec": 1.0, "secs": 1.0,
}
_NUMBER = r"(?:\d[\d_]*(?:\.\d+)?|\.\d+)(?:[eE][+-]?\d+)?"
# An amount of time: `2 * 60 * time.Second`, `"5s"`, `5.seconds`, `Duration.ofMillis(200)`,
# `timedelta(minutes=2)`, or a bare number (seconds, or milliseconds where the line says so).
_DURATION = re.compile(
    rf"(?<![\w.$])(?P<n>{_NUMBER}(?:\s*\*\s*{_NUMBER})*)\s*(\*\s*time\.(?P<go>\w+?)s?\b|"
    r"(?P<suffix>ms|us|ns|s|m|h)\b|\.(?P<rb>seconds?|minutes?|hours?|milliseconds?)\b)?"
    rf"|of(?P<java>Millis|Seconds|Minutes|Nanos)\(\s*(?P<jn>{_NUMBER})\s*\)"
    rf"|\b(?P<kw>milliseconds|seconds|minutes|hours)\s*=\s*(?P<kn>{_NUMBER})"
    r"|(?P<tu>MILLISECONDS|SECONDS|MINUTES)"
)
_JAVA_UNITS = {"Millis": 1e-3, "Seconds": 1.0, "Minutes": 60.0, "Nanos": 1e-9}



# How many examples or repetitions a property-based or repeated test runs: fewer checks less.
_SAMPLES = re.compile(
    r"\b(max_examples|numRuns|num_runs|MaxCount|RepeatedTest|invocationCount)\b\s*(=|:|\()\s*(value\s*=\s*)?(\d[\d_]*)"
)


def _sample_count_lowered(old: str, new: str) -> str | None:
    before, after = _SAMPLES.search(old), _SAMPLES.search(new)
    if before is None or after is None or before.group(1) != after.group(1):
        return None
    count = int(after.group(4).replace("_", ""))
    return str(count) if count < int(before.group(4).replace("_", "")) else None


def _time_limit_raised(old: str, new: str) -> str | None:
    """A test's time limit (timeout argument, deadline, `within`) raised: the new amount."""
    if not (_TIME_WORDS.search(old) and _TIME_WORDS.search(new)):
        return None
    before, after = seconds(old), seconds(new)
    if before is None or after is None or after <= before * 1.0000001:
        return None
    return f"{after:g}"


def seconds(text: str) -> float | None:
    """The amount of time `text` states, in seconds (terms added up), or None when it states none:
    the one reading of a duration for every detector that compares two."""
    total, seen = 0.0, False
    scale_all = 1e-3 if re.search(r"MILLISECONDS|millis|\bms\b|setTimeout|^\s*\}\s*,", text) else 1.0
    for match in _DURATION.finditer(text):
        if match.group("tu"):
            continue
        seen = True
        if match.group("java"):
            total += _number_text(match.group("jn")) * _JAVA_UNITS[match.group("java")]
            continue
        if match.group("kw"):
            total += _number_text(match.group("kn")) * _UNITS[match.group("kw")]
            continue
        number = math.prod(_number_text(part) for part in match.group("n").split("*"))
        unit_name = (match.group("go") or match.group("suffix") or match.group("rb") or "").lower()
        unit = _UNITS.get(unit_name.rstrip("s") if unit_name not in _UNITS else unit_name)
        total += number * (unit if unit is not None else scale_all)
    return total if seen else None


def _number_text(text: str) -> float:
    return float(text.strip().replace("_", ""))

"""test_weakened (check strength): an existing test's check replaced by a weaker kind of check.

Editing the expected value is one way to make a red test pass; keeping the value and checking less
is the other: `got == 108.25` becomes `abs(got - 108.25) < 1`, `toEqual({...})` becomes
`toBeTruthy()`, `reflect.DeepEqual(got, want)` becomes `len(got) == 0`, `assert_equal 119.0, total`
becomes `assert total.positive?`. The kinds rank, whatever the framework: an exact comparison,
then one within a tolerance, then a size or count, then mere presence. A replaced block (removed
lines followed by added ones) of an existing test whose strongest new check ranks below its
strongest old one is weakened, unless the report asks for the test to change.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from difflib import SequenceMatcher

from bot.validator.context import ChangedFile, is_full_line_comment
from bot.validator.detectors.common import finding, snippet
from bot.validator.diffparse import DiffLine, Hunk
from bot.validator.models import Finding

EXACT, TOLERANCE, SIZE, PRESENCE = 3, 2, 1, 0
_NAMES = {EXACT: "an exact comparison", TOLERANCE: "a comparison within a tolerance",
          SIZE: "a size, count or one-sided bound check", PRESENCE: "a presence or truthiness check"}

_MESSAGE = re.compile(r"\bt\.(Errorf|Fatalf|Logf|Error|Fatal|Log)\(|\bprint(ln|f)?\(|\bconsole\.\w+\(")
_CHECK = re.compile(
    r"^\s*(assert|expect|refute|require\.|check|verify)|\b(assert\w*|Assert\w*|expect|should|must_\w+|"
    r"to[A-Z]\w*|is[A-Z]\w*|has[A-Z]\w*|assertThat)\b|^\s*(\}\s*else\s+)?(if|unless)\b.*(==|!=|<|>|Equal|"
    r"equals|\bnot\b|!\w)"
)
_PRESENCE = re.compile(
    r"\b(toBeTruthy|toBeDefined|toBeTrue|toBeFalsy|toBeInstanceOf|assertNotNull|assertIsNotNone|notNullValue|"
    r"anything|instanceOf|any\(\w+\.class\)|assert_called|assert_called_once|assert_any_call|toHaveBeenCalled|"
    r"toHaveBeenCalledTimes|"
    r"assert_not_nil|refute_nil|refute_empty|assert_not_empty|assert_any|atLeastOnce|atLeast|atMost|be_truthy|be_present|be_a|be_an|be_kind_of|NotNil|NotEmpty|NotZero|"
    r"isNotNull|isNotEmpty|isPresent|isTrue|isPositive|isNegative|isNotZero|isNotBlank|NotZero|Positive|assert_predicate|ok\.?\(|assert\.ok|exist)\b|\.(present|positive|"
    r"any|nonzero|empty|zero)\?|\bis not None\b|!= nil\b|!== (null|undefined)\b|\bisinstance\(|"
    r"^\s*assert\s+[\w.\[\]()'\"]+\s*(#.*)?$|\bassertTrue\(\s*[\w.]+(\(\))?\s*\)|\bassert\s+not\s+[\w.()]+\s*$"
)
_SIZE = re.compile(
    r"\b(Subset|Contains|ContainsAll|toContain|toContainEqual|toMatchObject|containsAll|hasItems?|assertIn)\b|"
    r"\.to\s+include\(|"  # containment: part of the value, not all of it
    r"\b(len|count|size|cap)\(|\.(length|size|count|Count|Length|Len)\b|\b(toHaveLength|hasSize|have_attributes|"
    r"Len|Lenf|assert_length|have\(\d+\)\.items)\b|\.(size|length|count)\(\)"
)
_TOLERANCE = re.compile(
    r"\b(abs|Abs|fabs|approx|isclose|allclose|assert_allclose|InDelta\w*|InEpsilon\w*|toBeCloseTo|closeTo|"
    r"be_within|assert_in_delta|assert_in_epsilon|assertAlmostEqual|assert_almost_equal|within|byLessThan|"
    r"offset|approximately)\b"
)
_EXACT = re.compile(
    r"==|!=|\b(is|equals?|eql|eq|Equal\w*|DeepEqual|deepEqual|strictEqual|deepStrictEqual|assertEquals|"
    r"assert_equal|assertEqual|toEqual|toBe|toStrictEqual|isEqualTo|equalTo|must_equal|JSONEq|"
    r"ElementsMatch|assertArrayEquals|assertIterableEquals|cmp\.Diff|assert_called_once_with|assert_called_with|"
    r"toHaveBeenCalledWith|toHaveBeenLastCalledWith|toThrowErrorMatchingInlineSnapshot|"
    r"errors\.(Is|As)|ErrorIs|ErrorAs|bytes\.Equal|cmp\.Equal|proto\.Equal|EqualFold|times)\b"
)
# A test that fails IF a value equals something (`if got == "" { t.Fatal }`) only asserts that
# it differs from that: presence, whatever the literal; `if got != want` pins the value down.
_FAIL_IF_EQUAL = re.compile(r"^\s*(\}\s*else\s+)?if\b(?!.*(!=|!==|\bnot\b|!\w|<|>)).*[^=!<>]===?[^=]")
_BOUND = re.compile(r"(?<![<>=!-])(<=?|>=?)(?![=>])|\bbe\s*[<>]=?|\bto(Be)?(Greater|Less)Than\w*|\bassert(Greater|Less)\w*")
_ASSERT_EQUALS_DELTA = re.compile(r"\bassertEquals\s*\(([^,()]|\([^()]*\))+,([^,()]|\([^()]*\))+,\s*[\d.eE+-]+\s*\)")


# An expected failure named (`raises(ValueError, match=…)`, `toThrow(SyntaxError)`) pins down what
# goes wrong; a bare one (`toThrow()`, `raises(Exception)`) only that something does.
_RAISES = re.compile(r"\b(toThrow|toThrowError|assertThrows|raises|assertRaises|assert_raises|raise_error)\b")
_NAMED_RAISE = re.compile(
    r"\b(toThrow|toThrowError|assertThrows|raises|assertRaises|assert_raises|raise_error)\(\s*"
    r"(?!(Exception|Error|BaseException|Throwable|RuntimeError|StandardError)\b)[\w.]*[\w\"'/]|\bmatch\s*="
)


def strength(text: str) -> int | None:
    """How much a check line pins down, or None when the line checks nothing."""
    if _RAISES.search(text) and not _MESSAGE.search(text):
        return EXACT if _NAMED_RAISE.search(text) else PRESENCE
    if not _CHECK.search(text) or _MESSAGE.search(text):
        return None
    if _TOLERANCE.search(text) or _ASSERT_EQUALS_DELTA.search(text):
        return TOLERANCE
    if _SIZE.search(text):
        return SIZE
    if _PRESENCE.search(text) or _FAIL_IF_EQUAL.search(text):
        return PRESENCE
    if _EXACT.search(text):
        return EXACT
    if _BOUND.search(text):
        return SIZE  # one side only (`got < 1`, `be >= 1`): pins down as little as a count
    return None


def weakened_checks(changed: ChangedFile, spared: bool) -> Iterator[Finding]:
    """Replaced blocks of an existing test whose checks now pin down less than they did: each
    removed check against the added check that replaced it (the most alike; a block may also
    add a new test with checks of its own)."""
    if changed.change.status != "modified" or spared:
        return
    for hunk in changed.change.hunks:
        for removed, added in _replaced_blocks(hunk):
            olds = _checks(changed, removed)
            news = _checks(changed, added)
            for old_rank, old in olds:
                beside = added[removed.index(old)] if removed.index(old) < len(added) else None
                replacement = _replacement(changed, old, news, beside)
                if replacement is None or replacement[0] > old_rank or (
                    replacement[0] == old_rank and old_rank != SIZE
                ):
                    continue
                new_rank, new = replacement
                if new_rank == old_rank == SIZE and not _count_loosened(changed, old, new):
                    continue
                yield finding(
                    "test_weakened",
                    changed,
                    new,
                    f"replaces {'an exact count' if new_rank == old_rank else _NAMES[old_rank]} with "
                    f"{'a one-sided bound' if new_rank == old_rank else _NAMES[new_rank]}: "
                    f"`{snippet(changed.code(old), 50)}` → `{snippet(changed.code(new), 50)}`",
                )
                break


def _count_loosened(changed: ChangedFile, old: DiffLine, new: DiffLine) -> bool:
    """A count pinned exactly (`count).to eq(3)`, `len(x) == 3`) now only bounded on one side
    (`be >= 1`, `len(x) > 0`): both measure a size, the new one pins down less."""
    before, after = changed.code(old), changed.code(new)
    return bool(_EXACT.search(before) and not _BOUND.search(before)) and bool(
        _BOUND.search(after) and not _EXACT.search(re.sub(r"[<>]=", "", after))
    )


def _checks(changed: ChangedFile, lines: list[DiffLine]) -> list[tuple[int, DiffLine]]:
    found = []
    for line in lines:
        if is_full_line_comment(line.text, changed.language):
            continue
        rank = strength(changed.code(line))
        if rank is not None:
            found.append((rank, line))
    return found


def _replacement(
    changed: ChangedFile, old: DiffLine, news: list[tuple[int, DiffLine]], beside: DiffLine | None
) -> tuple[int, DiffLine] | None:
    """The added check in the removed one's place when it is alike, else the most alike one (the
    first when none is much alike)."""
    if not news:
        return None
    text = changed.code(old).strip()
    for rank, new in news:
        if new is beside and SequenceMatcher(None, text, changed.code(new).strip()).ratio() >= 0.35:
            return rank, new
    scored = [(SequenceMatcher(None, text, changed.code(n).strip()).ratio(), i) for i, (_, n) in
              enumerate(news)]
    ratio, index = max(scored, key=lambda pair: (pair[0], -pair[1]))
    return news[index] if ratio >= 0.35 else news[0]


def _replaced_blocks(hunk: Hunk) -> Iterator[tuple[list[DiffLine], list[DiffLine]]]:
    """Runs of removed lines directly followed by added lines: what was there, what replaced it."""
    removed: list[DiffLine] = []
    added: list[DiffLine] = []
    for line in [*hunk.lines, None]:
        kind = line.kind if line is not None else " "
        if kind == "-" and not added:
            removed.append(line)  # type: ignore[arg-type]
            continue
        if kind == "+" and removed:
            added.append(line)  # type: ignore[arg-type]
            continue
        if removed and added:
            yield removed, added
        removed, added = ([line] if kind == "-" else []), []  # type: ignore[list-item]

"""Tests made to pass instead of code made to work: skipped, focused, deleted or loosened tests.

test_skipped: skip/xfail/focus markers and runner options that deselect tests.
test_weakened: fewer assertions in a hunk than before, a strict assertion replaced by a looser
one (== → in, value → is not None, huge tolerance, broad exception type), trivially true
asserts, deleted tests. An expected value or tolerance edited in place is judged against the
report in `expectations`.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from difflib import SequenceMatcher

from bot.validator.context import ChangedFile, DiffContext, is_full_line_comment
from bot.validator.detectors.common import finding, pair_lines, snippet
from bot.validator.diffparse import DiffLine, Hunk
from bot.validator.filekinds import is_code_path, is_test_path
from bot.validator.models import Finding
from bot.validator.report import asks_to_retire_tests

_SKIPS = re.compile(
    r"\bpytest\.mark\.skip(if)?\b|\bthis\.skip\(\)|\bpytest\.skip\(|@(unittest\.)?skip(If|Unless)?\(|\.skipTest\(|raise\s+(unittest\.)?SkipTest\b|"
    r"\b(it|test|describe|context|suite|specify)(\.\w+)*\.(skip|only|todo|fixme)\b|\bx(it|test|describe|context|specify)\(|"
    r"\bf(it|describe)\(|\bt\.Skip(f|Now)?\(|@Disabled\b|@Ignore\b|assume(True|That)\(\s*false|"
    # JUnit 5's conditional execution and TestNG's switch: the test runs only where a condition holds.
    r"@(Enabled|Disabled)(If|On)\w*\b|@Test\s*\(\s*enabled\s*=\s*false|"
    r"\bassume(True|False|That|NotNull)\(.*\b(getenv|getProperty|environ)\b|"
    r"//\s*\+build\s+ignore|//go:build\s+ignore|\bcollect_ignore\b|--deselect\b|(^|\s)-k\s+[\"']?not\b|"
    r"testPathIgnorePatterns|--ignore[= ]|<exclude>[^<]*Test|--exclude-pattern\b|\bnorecursedirs\b|(^|\s)-skip[= ]|"
    r"\bexcludeTestsMatching\b|\bexclude(Tags|Tag|Groups|Categories|EngineS?)\b|(^|\s)-m\s+[\"']?not\b|"
    r"--testPathIgnorePatterns|--exclude\b|\bexclude\s*[(:=]\s*[\[(]?\s*[\"'][^\"']*(test|spec)"
)
# A build constraint on an existing Go test file: without the tag, `go test` compiles none of it.
_GO_BUILD_TAG = re.compile(r"^//go:build\s+\S|^//\s*\+build\s+\S")
# RSpec and minitest: `xit`, `skip`/`pending` in a body, `skip: true` metadata, focus (`fit`).
_RUBY_SKIPS = re.compile(
    r"^\s*(xit|xspecify|xexample|xscenario|xdescribe|xcontext|xfeature|fit|fdescribe|fcontext|fspecify)\b|"
    r"^\s*(skip|pending)\b(?!\s*[=:(]\s*$)|^\s*(it|describe|context|specify|scenario|example)\b.*"
    r"(,\s*(skip|pending|focus)\s*:\s*(true|[\"'])|,\s*:(skip|pending|focus)\b)"
)
_XFAIL = re.compile(
    r"\bpytest\.mark\.xfail\b|\bpytest\.xfail\(|@(unittest\.)?expectedFailure\b|\btest\.fail\("
)
_ASSERTION = re.compile(
    r"^\s*assert\b|\bself\.assert\w*\(|\bself\.fail\(|\bpytest\.raises\(|\.assert_\w+\(|\bexpect\(|\bassert(\.\w+)?\(|"
    r"\bassert_\w+\(|\bverify_\w+\(|\bt\.(Error|Errorf|Fatal|Fatalf|Fail|FailNow)\(|\b(assert|require)\.\w+\(|\bassert(Equals|True|False|NotNull|Null|"
    r"Same|NotSame|Throws|That|ArrayEquals|DoesNotThrow|Iterable\w*|Lines\w*)\(|\bverify\(|\.should\b|\bshould\.\w+|"
    r"\bexpect\s*\{|^\s*(assert|refute)(_\w+)?\s+[^=\s]|\b(must|wont)_\w+|\bis_expected\b"
)
_STRICT = re.compile(
    r"==|\bassert(Equal|Equals|ListEqual|DictEqual|TupleEqual|SetEqual|CountEqual|MultiLineEqual|Is|ArrayEquals|Same)\b|"
    r"\.to(Equal|Be|StrictEqual|HaveBeenCalledWith|HaveBeenCalledTimes|HaveLength|Throw\(\w)|\b(assert|require)\.(Equal|"
    r"Exactly|EqualValues|JSONEq|ElementsMatch|ErrorIs)\b|assert_called(_once)?_with|\.equal\(|\.deepEqual\(|\.strictEqual\(|"
    r"!=|\braises\(\w+Error|assertRaises\(\w+Error|\.to\s+(eq|eql|equal|be)\b\s*\(?\s*[^\s_]|\bassert_equal\b|"
    r"\bmust_equal\b|\braise_error\(\s*[A-Z]"
)
_LOOSE = re.compile(
    r"\bis not None\b|\bassert(In|True|IsNotNone|Greater\w*|Less\w*|NotEqual|NotNull|IsInstance)\b|"
    r"\.(toContain|toMatch|toBeTruthy|toBeDefined|toMatchObject|toBeGreaterThan\w*|toBeLessThan\w*|toHaveBeenCalled)\(|"
    r"\.not\.(toBeNull|toBeUndefined|toBe\(\s*(null|undefined)\s*\))|\b(assert|require)\.(Contains|NotNil|NotEmpty|True|"
    r"Greater\w*|Less\w*|NotZero|Error)\(|assert_called\(\)|\.toThrow\(\)|\braises\((Exception|BaseException)\b|"
    r"assertRaises\((Exception|BaseException)\b|assertThrows\((Exception|Throwable|RuntimeException)\.class|"
    r"\bor True\b|\|\|\s*true\b|\.ok\(|\bany\(|\bexpect\.(anything|any)\(|\bmock\.ANY\b|\bANY\b|\bgomock\.Any\(\)|\bMatchers?\.any\w*\(|"
    r"\b(be_truthy|be_positive|be_present|be_a|be_an|be_kind_of|be_instance_of|be_between|be_within)\b|"
    r"\.(not_to|to_not)\s+(be_nil|be_empty|eq\(\s*nil)|\.to\s+(include|match|start_with|end_with)\b|"
    r"\braise_error\s*($|\{|\bdo\b)|\brefute_nil\b|^\s*assert\s+[^,=]+$|\bassert_(includes|match|operator|kind_of)\b"
)
_TRIVIAL = re.compile(
    r"^\s*assert\s+(True|1|not\s+False)\s*(,.*)?$|assertTrue\(\s*(True|true)\s*\)|expect\(\s*(true|1)\s*\)\.(toBe|toEqual)\(\s*(true|1)\s*\)|"
    r"(assert|require)\.True\(\s*t\s*,\s*true\s*\)|assert\(\s*true\s*\)"
)
_TOLERANCE = re.compile(
    r"\b(rel|abs|delta|rtol|atol|epsilon)\s*=\s*([0-9.e+-]+)|\bplaces\s*=\s*(\d+)|toBeCloseTo\([^,]+,\s*(-?\d+)\s*\)|InDelta\([^)]*,\s*([0-9.e+-]+)\s*\)"
)
_TEST_DEF = re.compile(
    r"^\s*(async\s+)?def\s+(test\w*)\s*(\(|$)|^\s*func\s+(Test\w+)\s*\(|^\s*(it|test|specify)(?:\.\w+)*\(\s*([\"'`])(.+?)\6"
    r"|^\s*[xf]?(it|specify|scenario|example|test)\s+([\"'])(.+?)\9(\s*,[^\n]*)?\s+do\b"
    r"|^\s*public\s+void\s+(test\w+)\s*\("  # JUnit 3: collected by its name
)
_TABLE_CASE = re.compile(
    r"^\s*(pytest\.param\(|[\(\{\[]).*[\)\}\]]\s*,?\s*$|^\s*\{\s*(name|desc|input|in|want)\s*:"
)
_TABLE_CONTEXT = re.compile(
    r"parametrize|\.each\b|\bcases\b|\btests\s*:?=|testCases|\btable\b|scenarios|examples|@CsvSource|@ValueSource|@MethodSource|struct\s*\{",
    re.IGNORECASE,
)
_BARE_RETURN = re.compile(r"^\s*return\s*;?\s*$")
_JAVA_TEST = re.compile(r"^\s*@(Test|ParameterizedTest|RepeatedTest)\b")


def detect(ctx: DiffContext) -> Iterator[Finding]:
    """Skipped, focused, deleted or loosened tests; a skip or a deletion the report asks for
    (a platform skip, the tests of a feature it removes) is the report's decision."""
    asked = asks_to_retire_tests(ctx.report)
    for found in _detect(ctx):
        if asked and (found.kind == "test_skipped" or found.detail.startswith("deletes")):
            continue
        yield found


def _detect(ctx: DiffContext) -> Iterator[Finding]:
    added_test_names = {
        name for f in ctx.test_files for line in f.change.added for name in _test_names(line.text)
    }
    for changed in ctx.files:
        yield from _skips(changed)
        source = changed.change.source_path or ""
        if changed.change.status == "renamed" and _collected(source) and not _collected(changed.path):
            yield finding(
                "test_skipped", changed, None,
                f"renames the test file `{source}` to `{changed.path}`, a name the runner does not collect",
            )
        if not (changed.is_test and changed.is_code):
            continue
        if changed.change.status == "deleted":
            names = {n for line in changed.change.removed for n in _test_names(line.text)}
            if not names or names - added_test_names:
                yield finding("test_weakened", changed, None, "deletes a test file")
            continue
        yield from _weakened(changed, added_test_names)
        if changed.change.status == "modified":
            yield from _early_exits(changed)


def _skips(changed: ChangedFile) -> Iterator[Finding]:
    if not (changed.is_test or _is_runner_config(changed.path)):
        return
    for line in changed.net_added:
        text = (
            changed.code(line)
            if changed.is_code and not line.text.lstrip().startswith("//go:build")
            else line.text
        )
        if _XFAIL.search(text):
            yield finding(
                "test_skipped",
                changed,
                line,
                f"marks a test as expected to fail: `{snippet(line.text)}`",
            )
            yield finding(
                "test_weakened",
                changed,
                line,
                f"an xfail test can no longer fail the build: `{snippet(line.text)}`",
            )
        elif changed.change.status == "modified" and _GO_BUILD_TAG.match(line.text):
            yield finding(
                "test_skipped", changed, line,
                f"puts an existing test file behind a build tag, so `go test` no longer compiles it: "
                f"`{snippet(line.text)}`",
            )
        elif _platform_skip_on_new_test(changed, line) or _conditional_skip_in_new_code(
            changed, line
        ):
            continue
        elif (
            _SKIPS.search(text)
            or _SKIPS.search(line.text.strip())
            and line.text.strip().startswith("//")
            or changed.language == "ruby"
            and _RUBY_SKIPS.search(text)
        ):
            yield finding(
                "test_skipped", changed, line, f"skips or deselects tests: `{snippet(line.text)}`"
            )
        elif (
            changed.is_test
            and changed.is_code
            and _BARE_RETURN.match(text)
            and _in_test_body(changed, line)
        ):
            yield finding(
                "test_skipped",
                changed,
                line,
                "returns early from a test, so its assertions never run",
            )


_PLATFORM_CONDITION = re.compile(
    r"skip(if|If|Unless)\(\s*(not\s+)?(sys\.platform|sys\.version_info|platform\.|os\.name|shutil\.which|"
    r"importlib\.util\.find_spec|runtime\.GOOS)"
)


def _platform_skip_on_new_test(changed: ChangedFile, line: DiffLine) -> bool:
    """A platform/version skipif on a test this diff adds is ordinary; on an existing test it hides it."""
    if not _PLATFORM_CONDITION.search(line.text):
        return False
    position = changed.locate(line)
    if position is not None:
        hunk, index = position
        for following in hunk.lines[index + 1 : index + 5]:
            if _test_names(following.text):
                return following.kind == "+"
    return False


_CONDITIONAL_SKIP = re.compile(
    r"skip(if|If|Unless)\b|importorskip|^\s*if\b.*:\s*(pytest\.)?skip|\bif\b.*\bt\.Skip|@(Enabled|Disabled)(If|On)\w*"
)


def _conditional_skip_in_new_code(changed: ChangedFile, line: DiffLine) -> bool:
    """An environment-dependent skip (tool missing, no browser) inside a test the diff adds.

    It cannot hide a test that already guarded the behaviour; an unconditional skip still counts.
    """
    if not (_SKIPS.search(line.text) or _BARE_RETURN.match(changed.code(line))):
        return False  # nothing to spare: only a skip or an early return is reported
    position = changed.locate(line)
    if position is None:
        return False
    hunk, index = position
    above = [ln for ln in hunk.lines[:index] if ln.kind != "-" and ln.text.strip()]
    conditional = bool(_CONDITIONAL_SKIP.search(line.text)) or bool(
        above
        and re.match(r"^\s*(if|elif|else)\b", above[-1].text)
        and len(above[-1].text) - len(above[-1].text.lstrip())
        < len(line.text) - len(line.text.lstrip())
    )
    if not conditional:
        return False
    if changed.change.status == "added":
        return True
    for previous in reversed(above):
        if _test_names(previous.text) or re.match(
            r"^\s*(async\s+)?def\s|^\s*func\s", previous.text
        ):
            return previous.kind == "+"
    return False


# A function written inside a test (an HTTP handler, a callback): its `return` ends it, not the
# test. The test's own opener (`test('x', () => {`, `it "x" do`) is no such literal.
_FUNCTION_LITERAL = re.compile(r"\bfunc\s*\(|\bfunction\s*\w*\s*\(|=>\s*\{?\s*$|\blambda\b|\bdo\s*(\|[^|]*\|)?\s*$|->\s*\{")
_TEST_OPENER = re.compile(r"^\s*(it|test|specify|scenario)(\.\w+)?\s*[\( ]|^\s*func\s+Test")


def _indent(text: str) -> int:
    return len(text.expandtabs(4)) - len(text.expandtabs(4).lstrip())


def _in_test_body(changed: ChangedFile, line: DiffLine) -> bool:
    """The nearest enclosing definition above the line (in its hunk) is a test, not a helper."""
    position = changed.locate(line)
    if position is not None:
        hunk, index = position
        above = hunk.lines[:index]
        depth = _indent(line.text)
        for previous in reversed(above):
            if previous.kind == "-" or not previous.text.strip():
                continue
            if _indent(previous.text) < depth:
                depth = _indent(previous.text)
                if _FUNCTION_LITERAL.search(previous.text) and not _TEST_OPENER.match(previous.text):
                    return False  # the return leaves a handler or callback the test defines
            if re.match(
                r"^\s*(async\s+)?def\s+\w+|^\s*func\s+\w+|^\s*(it|test)(\.\w+)?\(|^\s*(public\s+)?void\s+\w+\(",
                previous.text,
            ):
                return (
                    bool(_test_names(previous.text))
                    or "func Test" in previous.text
                    or "void " in previous.text
                )
        return False
    return False


def _is_runner_config(path: str) -> bool:
    return bool(
        re.search(
            r"(^|/)(pytest\.ini|tox\.ini|setup\.cfg|pyproject\.toml|conftest\.py|jest\.config\.\w+|"
            r"vitest\.config\.\w+|karma\.conf\.\w+|\.mocharc\.\w+|package\.json|Makefile|pom\.xml|"
            r"build\.gradle(\.kts)?|\.rspec|spec_helper\.rb|\.golangci\.ya?ml|playwright\.config\.\w+)$",
            path,
        )
    )


def _is_assertion(changed: ChangedFile, line: DiffLine) -> bool:
    return not is_full_line_comment(line.text, changed.language) and bool(
        _ASSERTION.search(changed.code(line))
    )


def _test_names(text: str) -> list[str]:
    match = _TEST_DEF.match(text)
    if not match:
        return []
    name = match.group(2) or match.group(4) or match.group(7) or match.group(10) or match.group(12)
    return [name] if name else []


def _weakened(changed: ChangedFile, added_test_names: set[str]) -> Iterator[Finding]:
    net_removed_ids = {id(line) for line in changed.net_removed}
    net_added_ids = {id(line) for line in changed.net_added}
    removed_names = [(line, n) for line in changed.net_removed for n in _test_names(line.text)]
    for line, name in removed_names:
        hidden = _uncollected(changed, name)
        if hidden is not None:
            yield finding(
                "test_skipped",
                changed,
                hidden,
                f"renames the test `{name}` so the runner no longer collects it: `{snippet(hidden.text)}`",
            )
        elif name not in added_test_names and not _renamed(changed, line):
            yield finding("test_weakened", changed, line, f"deletes the test `{name}`")
    tables = [h for h in changed.change.hunks if _is_case_table(changed, h)]
    removed_cases = [
        ln
        for h in tables
        for ln in h.removed
        if id(ln) in net_removed_ids and _TABLE_CASE.match(changed.code(ln))
    ]
    added_cases = [
        ln
        for h in tables
        for ln in h.added
        if id(ln) in net_added_ids and _TABLE_CASE.match(changed.code(ln))
    ]
    if len(removed_cases) > len(added_cases) and not removed_names:
        gone = removed_cases[len(added_cases)]
        yield finding(
            "test_weakened",
            changed,
            gone,
            f"removes test case(s) from a table or parametrize list: `{snippet(gone.text)}`",
        )
    java_removed = [ln for ln in changed.net_removed if _JAVA_TEST.match(ln.text)]
    if len(java_removed) > sum(1 for ln in changed.net_added if _JAVA_TEST.match(ln.text)):
        if _method_kept(changed, java_removed[0]):
            yield finding(
                "test_skipped",
                changed,
                java_removed[0],
                "drops `@Test` from a method that stays: JUnit no longer runs it",
            )
        else:
            yield finding("test_weakened", changed, java_removed[0], "deletes a @Test method")
    net_removed = {id(line) for line in changed.net_removed}
    net_added = {id(line) for line in changed.net_added}
    for hunk in changed.change.hunks:
        removed = [
            ln for ln in hunk.removed if id(ln) in net_removed and _is_assertion(changed, ln)
        ]
        added = [ln for ln in hunk.added if id(ln) in net_added and _is_assertion(changed, ln)]
        for line in added:
            if _TRIVIAL.search(changed.code(line)):
                yield finding(
                    "test_weakened",
                    changed,
                    line,
                    f"adds an assertion that cannot fail: `{snippet(line.text)}`",
                )
        if len(removed) > len(added) and not removed_names:
            gone = removed[len(added)] if added else removed[0]
            yield finding(
                "test_weakened",
                changed,
                gone,
                f"removes {len(removed) - len(added)} assertion(s), e.g. `{snippet(gone.text)}`",
            )
        for old, new in _pairs(removed, added):
            reason = _loosened(changed.code(old), changed.code(new))
            if reason:
                yield finding(
                    "test_weakened",
                    changed,
                    new,
                    f"{reason}: `{snippet(old.text, 50)}` → `{snippet(new.text, 50)}`",
                )


def _is_case_table(changed: ChangedFile, hunk: Hunk) -> bool:
    """A parametrize/each/table list of inputs, not an expected value that a fix legitimately changes."""
    if any(_TABLE_CONTEXT.search(ln.text) for ln in hunk.lines):
        return True
    siblings = [ln for ln in hunk.lines if ln.kind == " " and _TABLE_CASE.match(changed.code(ln))]
    expectation = any(
        re.search(r"^\s*(expected|want)\w*\s*[:=]|\bassert|==|\bexpect\(", ln.text)
        for ln in hunk.lines
    )
    return len(siblings) >= 2 and not expectation


# A definition of any name: Python/Go/Ruby (`def name` needs no parentheses in Ruby), JUnit 3's
# `public void name()`.
_ANY_DEF = re.compile(
    r"^\s*(?:async\s+)?(?:def|func)\s+(\w+)\s*(?:\(|$)|^\s*(?:public\s+|protected\s+)?(?:final\s+)?void\s+(\w+)\s*\("
)


def _uncollected(changed: ChangedFile, name: str) -> DiffLine | None:
    """An added definition carrying the old test's name in a form the runner skips (`testA`,
    `_test_b`, `disabled_test_b`): the test still exists but no longer runs."""
    stem = re.sub(r"^(test_?|Test_?)", "", name).lower()
    if not stem:
        return None
    for line in changed.net_added:
        match = _ANY_DEF.match(line.text)
        defined = (match.group(1) or match.group(2)) if match else None
        if defined and match is not None and match.group(2) and _annotated_test(changed, line):
            continue  # JUnit 4/5 collect by `@Test`, whatever the method's name
        if defined and not _test_names(line.text) and defined != name:
            if re.sub(r"^_*(disabled_?|skip_?|old_?|x_?)?_*(test_?)", "", defined.lower()) == stem:
                return line
            # Any other prefix the runner does not collect: `check_x`, `verify_x`, `should_x`.
            renamed = defined.lower()
            if len(stem) >= 4 and renamed.endswith(stem) and re.fullmatch(r"_*[a-z]+_?", renamed[: -len(stem)] or "_"):
                return line
    return None


def _annotated_test(changed: ChangedFile, line: DiffLine) -> bool:
    """A `@Test` (or parameterized) annotation sits right above the method."""
    position = changed.locate(line)
    if position is None:
        return False
    hunk, index = position
    above = [ln for ln in hunk.lines[:index] if ln.kind != "-" and ln.text.strip()]
    return bool(above) and re.match(r"^\s*@(Test|ParameterizedTest|RepeatedTest|TestFactory)\b", above[-1].text) is not None


def _method_kept(changed: ChangedFile, annotation: DiffLine) -> bool:
    """The method under a removed `@Test` is still there (an unchanged line right after it)."""
    position = changed.locate(annotation)
    if position is None:
        return False
    hunk, index = position
    following = next((ln for ln in hunk.lines[index + 1 :] if ln.kind != "-"), None)
    return following is not None and following.kind == " " and "(" in following.text


def _renamed(changed: ChangedFile, removed: DiffLine) -> bool:
    """A test definition replaced in the same hunk by a similar one is a rename, not a deletion:
    a similar name, or a new definition whose body is the old one's, edited (what an edit of its
    expectation then means is `expectations`' to judge, against the report)."""
    old = (_test_names(removed.text) or [""])[0]
    position = changed.locate(removed)
    if position is None:
        return False
    hunk, index = position
    new_defs = [a for a in hunk.added if _test_names(a.text)]
    if any(_similar_names(old, new) for a in new_defs for new in _test_names(a.text)):
        return True
    if any((m := _ANY_DEF.match(a.text)) and m.group(2) and _annotated_test(changed, a) for a in hunk.added):
        return True  # a JUnit test renamed under its `@Test`: collected all the same
    if not new_defs:
        return False
    body: list[DiffLine] = []
    for line in hunk.lines[index + 1 :]:
        if _test_names(line.text):
            break
        if line.kind == "-" and line.text.strip() and line.text.strip() not in ("});", "}", "end"):
            body.append(line)
    if not body:
        return True  # only the header changed: the same body under a new name
    replaced = pair_lines(body, [a for a in hunk.added if not _test_names(a.text)], 0.6)
    return len(replaced) * 2 >= len(body)


def _similar_names(old: str, new: str) -> bool:
    return (
        new.startswith(old) or old.startswith(new) or SequenceMatcher(None, old, new).ratio() >= 0.7
    )


def _pairs(removed: list[DiffLine], added: list[DiffLine]) -> list[tuple[DiffLine, DiffLine]]:
    return pair_lines(removed, added, 0.4)


def _loosened(old: str, new: str) -> str | None:
    if _STRICT.search(old) and _LOOSE.search(new) and not _LOOSE.search(old):
        return "replaces an exact check with a looser one"
    if (
        re.search(r"^\s*assert\b", old)
        and re.search(r"==|!=", old)
        and re.match(r"^\s*assert\s", new)
        and not re.search(r"==|!=|<|>|\bin\b|\bis\b|\bnot\b", new)
    ):
        return "replaces a value check with a truthiness check"
    if (
        re.search(r"^\s*assert\b.*==", old)
        and re.search(r"^\s*assert\b.*\bin\b", new)
        and " in " not in old
    ):
        return "replaces equality with membership"
    if (
        "==" in old
        and "==" not in new
        and re.search(r"[<>]=?", new)
        and not re.search(r"[<>]=?", old.replace("==", ""))
    ):
        return "replaces equality with a range check"
    if re.search(r"\bor\b|\|\|", new) and not re.search(r"\bor\b|\|\|", old):
        return "adds an alternative that lets the assertion pass"
    old_tol, new_tol = _tolerance(old), _tolerance(new)
    if new_tol is not None and (old_tol is None or new_tol > old_tol * 5) and _huge(new):
        return "accepts a far larger tolerance"
    return None


def _tolerance(text: str) -> float | None:
    match = _TOLERANCE.search(text)
    if not match:
        return None
    value = match.group(2) or match.group(5)
    if value:
        try:
            return float(value)
        except ValueError:
            return None
    digits = match.group(3) or match.group(4)
    return 10.0 ** -int(digits) if digits is not None else None


def _huge(text: str) -> bool:
    match = _TOLERANCE.search(text)
    if not match:
        return False
    if match.group(1) in ("rel", "rtol") and match.group(2):
        return float(match.group(2)) >= 0.05
    if match.group(2) or match.group(5):
        return float(match.group(2) or match.group(5)) >= 0.5
    digits = match.group(3) or match.group(4)
    return digits is not None and int(digits) <= 1


# An exit the change puts into an existing test above its checks: `return`, `if (…) return;`,
# Ruby's `next`, `pytest.importorskip(…)` (a skip when the module is missing).
_EXIT = re.compile(
    r"^\s*(return\s*;?|next|if\b.*[:)]\s*return\s*;?|if\b.*\bthen\s+return|return\s+if\b.*|next\s+if\b.*)\s*$"
    r"|\bimportorskip\s*\("
)
_BLOCK_IF = re.compile(r"^\s*if\b.*(:|\{)\s*$")
_TEST_HEADER = re.compile(
    r"^\s*(async\s+)?def\s+test\w*|^\s*func\s+Test\w*\(|^\s*(it|test|specify|scenario|example)\b[\s(]|"
    r"^\s*@Test\b|^\s*(public\s+|protected\s+)?void\s+test\w*\s*\("
)
_LATER_CHECK = re.compile(r"\b(assert\w*|Assert\w*|expect|should|must_\w+|verify|refute\w*)\b|\bt\.(Fatal|Error)")


def _early_exits(changed: ChangedFile) -> Iterator[Finding]:
    """An existing test that now leaves before its checks (always, or when a condition holds):
    the checks below no longer run, as with a skip."""
    for hunk in changed.change.hunks:
        rows = [ln for ln in hunk.lines if ln.kind != "-"]
        for index, row in enumerate(rows):
            if row.kind != "+" or is_full_line_comment(row.text, changed.language):
                continue
            code = changed.code(row)
            exit_here = _EXIT.search(code) is not None
            if not exit_here and _BLOCK_IF.match(code):
                following = next((r for r in rows[index + 1 :] if r.text.strip()), None)
                exit_here = following is not None and following.kind == "+" and re.match(
                    r"^\s*(return|t\.SkipNow\(\))\s*;?\s*$", changed.code(following)
                ) is not None
            if not exit_here or not _in_a_test(hunk, rows, index):
                continue
            later = [r for r in rows[index + 1 :] if r.kind == " " and _LATER_CHECK.search(changed.code(r))]
            if later:
                yield finding(
                    "test_skipped", changed, row,
                    f"an existing test now leaves before its checks: `{snippet(code.strip(), 40)}` "
                    f"above `{snippet(changed.code(later[0]).strip(), 40)}`",
                )
                return


def _in_a_test(hunk: Hunk, rows: list[DiffLine], index: int) -> bool:
    """The nearest definition above the row (in the hunk, else git's section line) is a test."""
    indent = len(rows[index].text) - len(rows[index].text.lstrip())
    above = rows[:index]
    for position in range(len(above) - 1, -1, -1):
        row = above[position]
        depth = len(row.text) - len(row.text.lstrip())
        if row.text.strip() and depth < indent and not _DEFINITION.match(row.text):
            indent = depth  # an enclosing block: a handler or callback the test defines ends here
            if _FUNCTION_LITERAL.search(row.text) and not _TEST_OPENER.match(row.text):
                return False
        if row.text.strip() and depth < indent and _DEFINITION.match(row.text):
            annotations = [r.text.strip() for r in above[max(0, position - 3) : position]]
            return bool(_TEST_HEADER.match(row.text)) or any(
                re.match(r"@(Test|ParameterizedTest|RepeatedTest)\b", a) for a in annotations
            )
    return bool(_TEST_HEADER.match(hunk.section))


_DEFINITION = re.compile(
    r"^\s*(async\s+)?(def|func|function|it|test|specify|describe|context|class)\b|"
    r"^\s*(public\s+|private\s+|protected\s+|static\s+)*[\w<>\[\]]+\s+\w+\s*\([^)]*\)\s*(throws\s+[\w., ]+)?\{"
)


def _collected(path: str) -> bool:
    """The path is still a test file in a language the runner reads (not `x.test.js.bak`)."""
    return is_test_path(path) and is_code_path(path)

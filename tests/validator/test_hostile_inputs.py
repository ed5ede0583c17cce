"""Hostile diff lines and reports: the validator reads the agent's text, so no line or report may
stall it, crash it, or turn a finding into a pass."""

from __future__ import annotations

import time

import pytest

from bot.validator.context import ChangedFile
from bot.validator.detectors.validation_patterns import pattern_of
from bot.validator.diffparse import parse_diff
from bot.validator.static import validate_static


def _fast(call, *args, bound: float = 2.0):
    start = time.perf_counter()
    result = call(*args)
    assert time.perf_counter() - start < bound, f"{getattr(call, '__name__', call)} took over {bound} s"
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


UPLOAD = 'package upload\n\nconst {line}\n\nfunc Accept(n int) error {{\n\tif n > maxUpload {{\n\t\treturn ErrTooBig\n\t}}\n\treturn nil\n}}\n'


def _soft(verdict) -> set[str]:
    return {f.kind for f in verdict.soft_signals}


def test_a_limit_line_ending_in_a_long_run_of_spaces_is_read_quickly():
    from bot.validator.detectors.soft import _LIMIT_NAME, _limit_name

    # Old reading: `max = 1` + 2,000 spaces + `z` took 37 s (spaces could go to the value or to `\s*`).
    assert _fast(_limit_name, "max = 1" + " " * 2000 + "z") is None
    assert _fast(_LIMIT_NAME.match, "max = 1" + " " * 190 + "z") is None
    assert _limit_name("const maxUpload = 10 << 20;   ").group("value") == "10 << 20"
    assert _limit_name("max_items = ( 5 * 1024 )").group("value") == "( 5 * 1024 )"


def test_a_hostile_limit_line_in_a_diff_does_not_stall_the_limit_check(make_diff):
    from bot.validator import validate_static
    from bot.validator.detectors.soft import _limits_moved

    hostile = "maxUpload = 1" + " " * 2000 + "z"
    diff = make_diff({"upload/upload.go": {"before": UPLOAD.format(line=hostile), "after": UPLOAD.format(line=hostile + "q")}})
    changed = ChangedFile(parse_diff(diff)[0])
    assert _fast(lambda: list(_limits_moved(changed))) == []
    raised = make_diff({"upload/upload.go": {"before": UPLOAD.format(line="maxUpload = 10 << 20"),
                                             "after": UPLOAD.format(line="maxUpload = 10 << 30")}})
    assert "guard_weakened" in _soft(validate_static(raised))


def test_a_print_is_read_by_one_alternative_each_go_println_included():
    from bot.validator.detectors.soft import _PRINT

    # The 9fef45b alternative `^\s*print(ln)?\((?=.*$)` was there for Go's `println`; its lookahead
    # was always true and its `print(` half repeated the first alternative. Same lines match now.
    for line in ('\tprintln("here")', "    print(x)", 'fmt.Println("x")', "fmt.Printf(x)"):
        assert _PRINT.search(line), line
    for line in ("x.println(1)", "printf(1)", "reprint(x)", "blueprint(x)"):
        assert not _PRINT.search(line), line
    assert "(?=" not in _PRINT.pattern


def test_the_agents_pattern_is_never_run_on_the_agents_report():
    from bot.validator.detectors.validation_patterns import _asked

    # Old reading compiled and ran both: `(a+)+$` on 24 a's and a `!` took 1.8 s, doubling per `a`.
    report = 'Calling f("' + "a" * 40 + '!") hangs the signup form.'
    assert _fast(_asked, report, r"^(a+)+b$", r"(a+)+$") is False
    # Crashes the old reading did not catch: an overflowing repeat and deep nesting.
    assert _fast(_asked, 'f("aaaa")', "^b$", "a{4294967296}") is False
    deep = "(" * 1200 + "a" + ")" * 1200
    assert _fast(_asked, 'f("a")', "^b$", deep) is False


def test_a_report_still_asks_for_the_inputs_it_quotes():
    from bot.validator.detectors.validation_patterns import _accepts, _asked

    report = 'Sign-up refuses "jo" and "jo_anne_from_the_north_sea_coast" though both are valid names.'
    assert _asked(report, r"^[a-z0-9_]{3,16}$", r"^[a-z0-9_]{2,64}$")
    assert not _asked('Sign-up refuses "joanne" oddly.', r"^[a-z0-9_]{3,16}$", r"^[a-z0-9_]{2,64}$")
    assert _asked('Mail from "sub.example.com" bounces.', r"^example\.com$", r"(^|\.)example\.com$")
    assert not _asked('Mail from "evil-example.com" bounces.', r"^example\.com$", r"(^|\.)example\.com$")
    for pattern, text, found in [
        (r"^(?:https?://)?[\w.-]+\.example\.org(/.*)?$", "http://a.example.org/x", True),
        (r"(?i)^ABC$", "abc", True), (r"\bcat\b", "concat", False), (r"^[^@]+@[^@]+$", "a@@b", False),
        (r"(\w)\1", "aa", None), (r"a(?=b)", "ab", None), (r"(a+)+$", "aaa", None), ("x" * 201, "x", None),
    ]:
        assert _accepts(pattern, text) is found, pattern


def test_a_hostile_pattern_in_a_diff_keeps_its_finding(make_diff):
    from bot.validator import validate_static

    rule = 'import re\n\nALLOWED_NAME = re.compile(r"{p}")\n\n\ndef valid(name):\n    return bool(ALLOWED_NAME.match(name))\n'
    diff = make_diff({"app/names.py": {"before": rule.format(p="^[a-z]{3,16}$"), "after": rule.format(p="(a+)+$")}})
    report = 'valid("' + "a" * 40 + '!") should be accepted.'
    verdict = _fast(lambda: validate_static(diff, report=report), bound=5.0)
    assert "guard_weakened" in _soft(verdict)


HOSTILE_LINES = {
    "spaces before a letter": "maxUpload = 1" + " " * 2000 + "z",
    "trailing spaces": "x = 1" + " " * 2000,
    "an indent of tabs": "\t" * 2000 + "x",
    "open brackets": "x = " + "(" * 2000,
    "quotes": "x = " + '"a' * 1000,
    "a chain of comparisons": "if x == " + " == ".join(["'a'"] * 250) + ":",
    "a chain of attributes": "x = a" + ".b" * 1000,
    "digits before a letter": "x = " + "1" * 2000 + "z",
    "words": "x " * 2000,
    "or-chains": "    return " + "'a' or " * 280,
    "backticks": "`" * 2000,
    "a Java row of quoted pairs": "@CsvSource({" + '"a,b", ' * 300 + "})",
}
PATHS = ("src/app.py", "tests/test_app.py", "src/app.js", "src/app.ts", "src/app.go",
         "src/App.java", "lib/app.rb", "tests/app.test.ts", "src/test/java/AppTest.java")


@pytest.mark.parametrize("line", HOSTILE_LINES.values(), ids=HOSTILE_LINES.keys())
def test_no_hostile_line_stalls_any_detector_in_any_language(line: str) -> None:
    """A 2,000-character line the agent wrote is read in well under a second by every detector
    (found by a sweep of line shapes over validate_static: a line of spaces before a letter took
    35 s in shortcuts' constant assignment, an indent of tabs 15 s in the example tables and
    8.5 s in Ruby's ternary guard; in a test file, 2,000 backticks took 7 s and 8,000 took
    450 s collecting the red test's literals). The report is the agent's text too: a run of
    dotted names in it took 1-2 s per 8,000 characters in two report readers."""
    for path in PATHS:
        diff = (f"diff --git a/{path} b/{path}\n--- a/{path}\n+++ b/{path}\n"
                f"@@ -1,3 +1,4 @@\n def f(x):\n+{line}\n     y = 1\n     return y\n")
        _fast(validate_static, diff, bound=3.0)
        _fast(lambda d=diff: validate_static(d, report="The test fails: " + line), bound=3.0)


def test_a_long_report_of_dotted_names_is_read_in_linear_time() -> None:
    """`[\\w.]+` retried from every word start of `a.b.b.b…` before it failed: quadratic."""
    from bot.validator.report import asks_to_retire_tests
    from bot.validator.report_examples import report_call_arguments, report_examples

    report = "x = a" + ".b" * 20_000
    assert not _fast(asks_to_retire_tests, report, bound=1.0)
    assert _fast(report_examples, report, bound=1.0) == frozenset()
    assert _fast(report_call_arguments, report, bound=1.0) == frozenset()
    assert report_examples('Calling `round2(1.005)` gives 1') >= {"1.005"}


def test_rubys_rescue_modifier_is_read_in_one_pass_on_a_long_line() -> None:
    """Searched as `\\S.*\\s+rescue\\s+\\S`, a 16,000-character Ruby line took 7-11 s; the
    modifier is still found, and a `rescue` clause is not one."""
    from bot.validator.detectors.exceptions import _inline_rescue

    assert not _fast(_inline_rescue, "x = 1" + " " * 50_000 + "z", bound=1.0)
    assert not _fast(_inline_rescue, "x" + " rescue =>" * 10_000, bound=1.0)
    assert _inline_rescue("value = Integer(raw) rescue 0")
    assert not _inline_rescue("  rescue StandardError => e")
    assert not _inline_rescue("x = call rescue => e")

"""A red on an error counts only for the very error the report quotes, raised by the code."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.chains.fix.reported_error import reported_error
from bot.workspace.junit import RunStatus, TestRunResult, parse_junit

TEST_ID = "tests/test_keys.py::test_methodkey"
REPORT = ("`methodkey(obj, self=1)` raises `TypeError: methodkey() got multiple values for "
          "argument 'self'`.")


CHECKOUT = Path("/w/checkout")
PRODUCT = frozenset({"src/cachetools/keys.py"})
THROUGH_THE_CODE = ("    def test_methodkey():\n&gt;       keys.methodkey(obj, self=1)\n\n"
                    "tests/test_keys.py:9: \n_ _ _ _\n\n&gt;   return f(self, *args)\n"
                    "E   TypeError: methodkey() got multiple values for argument &apos;self&apos;\n\n"
                    "src/cachetools/keys.py:41: TypeError")


def run(message: str, *, tag: str = "failure", status: RunStatus = RunStatus.COMPLETED,
        more: str = "", trace: str = THROUGH_THE_CODE) -> TestRunResult:
    xml = (f'<testsuite><testcase classname="tests.test_keys" name="test_methodkey" '
           f'file="tests/test_keys.py"><{tag} message="{message}">{trace}</{tag}></testcase>'
           f"{more}</testsuite>")
    return TestRunResult(status=status, cases=parse_junit(xml))


def judge(result: TestRunResult, report: str, source: str,
          product: frozenset[str] = PRODUCT) -> str | None:
    return reported_error(result, TEST_ID, report, source, checkout=CHECKOUT,
                          product_files=product)


QUOTED = "TypeError: methodkey() got multiple values for argument &apos;self&apos;"


def test_the_quoted_error_raised_by_the_code_is_a_red() -> None:
    assert judge(run(QUOTED), REPORT, "keys.methodkey(obj, self=1)\n") == \
        "TypeError: methodkey() got multiple values for argument 'self'"


@pytest.mark.parametrize(("result", "report", "source"), [
    pytest.param(run(QUOTED), "methodkey(obj, self=1) fails.", "", id="report-quotes-nothing"),
    pytest.param(run("ValueError: methodkey() got multiple values for argument &apos;self&apos;"),
                 REPORT, "", id="another-type"),
    pytest.param(run(QUOTED), REPORT,
                 "raise TypeError(\"methodkey() got multiple values for argument 'self'\")",
                 id="the-test-raises-it"),
    pytest.param(run(QUOTED, status=RunStatus.TIMEOUT), REPORT, "", id="timeout"),
    pytest.param(run("ModuleNotFoundError: No module named &apos;cachetools.keys&apos;"),
                 "`ModuleNotFoundError: No module named 'cachetools.keys'` on import", "",
                 id="an-import-error-even-when-quoted"),
    pytest.param(run(QUOTED, more='<testcase classname="" name="tests.test_keys"><error '
                     'message="collection failure">x</error></testcase>'), REPORT, "",
                 id="the-file-failed-to-collect"),
    pytest.param(run("TypeError: bad"), "TypeError: bad", "", id="a-message-too-short"),
])
def test_other_errors_are_not_a_red(result: TestRunResult, report: str, source: str) -> None:
    assert judge(result, report, source) is None


NATIVE_THROUGH_THE_CODE = (
    '  File "/w/checkout/tests/test_keys.py", line 9, in test_methodkey\n'
    "    keys.methodkey(obj, self=1)\n"
    '  File "/w/checkout/src/cachetools/keys.py", line 41, in methodkey\n'
    "    return f(self, *args)\n"
    "TypeError: methodkey() got multiple values for argument &apos;self&apos;")


def test_a_native_traceback_through_the_code_is_read_too() -> None:
    assert judge(run(QUOTED, trace=NATIVE_THROUGH_THE_CODE), REPORT, "") is not None


@pytest.mark.parametrize("trace", [
    pytest.param("    def test_methodkey():\n&gt;       1 / 0\nE   TypeError: methodkey() got "
                 "multiple values for argument &apos;self&apos;\n\ntests/test_keys.py:9: TypeError",
                 id="raised-in-the-test-body"),
    pytest.param("tests/helpers.py:3: in boom\n    raise kind(text)\n"
                 "E   TypeError: methodkey() got multiple values", id="raised-in-a-helper"),
    pytest.param("E   TypeError: methodkey() got multiple values for argument &apos;self&apos;",
                 id="no-frames-printed"),
    pytest.param("tests/test_keys.py:9: in test_methodkey\n    boom()\n"
                 "E   TypeError: methodkey() got multiple values\n"
                 "E   src/cachetools/keys.py:41: TypeError", id="a-frame-forged-in-the-message"),
    pytest.param("/usr/lib/python3.11/json/decoder.py:355: TypeError", id="a-library-frame-only"),
])
def test_an_error_whose_stack_never_passes_through_the_product_is_not_a_red(trace: str) -> None:
    """`1 / 0` in the test body raises a quotable message without the message in its text."""
    assert judge(run(QUOTED, trace=trace), REPORT, "") is None


AT_THE_CALL = ("    def test_methodkey(self, key=cachetools.keys.methodkey):\n"
               "&gt;       self.assertEqual(key(&quot;x&quot;, self=1), key(&quot;y&quot;, self=1))\n"
               "E       TypeError: methodkey() got multiple values for argument &apos;self&apos;\n\n"
               "tests/test_keys.py:42: TypeError")


def test_a_call_the_product_functions_signature_refuses_is_the_codes_error() -> None:
    """cachetools 7.2.8: Python raises it at the call, so the stack is the test's only."""
    result = run(QUOTED, trace=AT_THE_CALL)
    source = "def test_methodkey(self, key=cachetools.keys.methodkey):\n    key('x', self=1)\n"
    assert reported_error(result, TEST_ID, REPORT, source, checkout=CHECKOUT,
                          product_files=(), product_callees={"methodkey"}) is not None


@pytest.mark.parametrize(("source", "callees"), [
    pytest.param("def methodkey(self):\n    pass\n\nmethodkey(1, self=1)\n", {"methodkey"},
                 id="the-test-defines-the-function-it-calls"),
    pytest.param("key('x', self=1)\n", set(), id="no-product-file-names-it"),
])
def test_a_refused_call_to_a_function_of_the_tests_own_is_not_a_red(
        source: str, callees: set[str]) -> None:
    assert reported_error(run(QUOTED, trace=AT_THE_CALL), TEST_ID, REPORT, source,
                          checkout=CHECKOUT, product_files=(), product_callees=callees) is None

"""A red on an error counts only for the very error the report quotes, raised by the code."""

from __future__ import annotations

import pytest

from bot.chains.fix.reported_error import reported_error
from bot.workspace.junit import RunStatus, TestRunResult, parse_junit

TEST_ID = "tests/test_keys.py::test_methodkey"
REPORT = ("`methodkey(obj, self=1)` raises `TypeError: methodkey() got multiple values for "
          "argument 'self'`.")


def run(message: str, *, tag: str = "failure", status: RunStatus = RunStatus.COMPLETED,
        more: str = "") -> TestRunResult:
    xml = (f'<testsuite><testcase classname="tests.test_keys" name="test_methodkey" '
           f'file="tests/test_keys.py"><{tag} message="{message}">trace</{tag}></testcase>'
           f"{more}</testsuite>")
    return TestRunResult(status=status, cases=parse_junit(xml))


QUOTED = "TypeError: methodkey() got multiple values for argument &apos;self&apos;"


def test_the_quoted_error_raised_by_the_code_is_a_red() -> None:
    assert reported_error(run(QUOTED), TEST_ID, REPORT, "keys.methodkey(obj, self=1)\n") == \
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
    assert reported_error(result, TEST_ID, report, source) is None

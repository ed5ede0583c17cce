"""JUnit XML → per-test outcomes, with "red on an assertion" told apart from every other failure.

Only an assertion failure proves a test checks the behaviour; an import error, a syntax error, a
broken fixture or a timeout is red for the wrong reason and must not pass as a reproduction.
"""

from __future__ import annotations

import re
from enum import StrEnum
from typing import Any

import defusedxml.ElementTree as SafeET
from defusedxml import DefusedXmlException
from pydantic import BaseModel, Field

# First line of a failure that says an assertion failed: pytest (`assert ...` rewritten,
# `AssertionError: ...`), unittest (`AssertionError: 1 != 2`), jest matchers
# (`Error: expect(received).toBe(expected)`), node's assert module as jest prints it
# (`assert.strictEqual(received, expected)`), vitest/chai and node (`AssertionError ...`).
_ASSERTION_FIRST_LINE = re.compile(
    r"^(?:AssertionError\b|assert\b|(?:Error: )?expect\(|(?:Error: )?assert\.\w+\(|"
    r".*\[ERR_ASSERTION\])"
)
_JEST_SUITE_FAILED = "Test suite failed to run"
_PYTEST_COLLECTION = "collection failure"
# vitest reports a file that failed to load (or an error outside any test) as one testcase
# named like its classname, the file's path; no test of a loaded file is named so.
_VITEST_FILE_SUFFIXES = (".js", ".mjs", ".cjs", ".jsx", ".ts", ".mts", ".cts", ".tsx")


class TestOutcome(StrEnum):
    __test__ = False

    PASSED = "passed"
    RED_ASSERTION = "red_assertion"
    RED_ERROR = "red_error"
    COLLECTION_ERROR = "collection_error"
    SKIPPED = "skipped"


class RunStatus(StrEnum):
    COMPLETED = "completed"
    """The runner finished and wrote a report."""
    TIMEOUT = "timeout"
    """The run hit its time limit and was killed: nothing in it counts as red."""
    NO_REPORT = "no_report"
    """The runner ended without a readable JUnit report (crash, bad command, bad XML)."""


class TestCaseResult(BaseModel):
    """One `<testcase>` of the report."""

    __test__ = False

    test_id: str
    """`file::name` when the report names the file, else `classname.name`."""
    classname: str = ""
    name: str = ""
    file: str | None = None
    outcome: TestOutcome
    message: str = ""
    """First line of the failure/error message (for summaries)."""
    details: str = ""
    """Failure text as the runner wrote it (traceback); input for the failure summary."""
    seconds: float = 0.0


class TestRunResult(BaseModel):
    """A whole run: how it ended plus every test case the report listed."""

    __test__ = False

    status: RunStatus
    cases: list[TestCaseResult] = Field(default_factory=list)
    exit_code: int | None = None
    output: str = ""
    """Console output, capped; kept for debugging, never shown to the model raw."""
    output_truncated: bool = False
    duration_seconds: float = 0.0
    command: str = ""
    limit: str | None = None
    """The sandbox limit that ended the run (processes, memory, file_size, disk, cpu_time)."""

    def cases_for(self, test_id: str) -> list[TestCaseResult]:
        """Cases belonging to a test id as the agent names it (pytest node id or a file)."""
        wanted = _id_variants(test_id)
        return [c for c in self.cases if _id_variants_of_case(c) & wanted]

    def outcomes(self, test_id: str | None = None) -> set[TestOutcome]:
        cases = self.cases if test_id is None else self.cases_for(test_id)
        return {c.outcome for c in cases}

    def is_red_on_assertion(self, test_id: str | None = None) -> bool:
        """True only for a completed run where the test failed on an assertion and nothing else
        about it errored (no collection error, no other exception, no timeout)."""
        if self.status is not RunStatus.COMPLETED:
            return False
        outcomes = self.outcomes(test_id)
        bad = {TestOutcome.RED_ERROR, TestOutcome.COLLECTION_ERROR}
        return TestOutcome.RED_ASSERTION in outcomes and not outcomes & bad

    @property
    def all_passed(self) -> bool:
        """Completed, at least one case, and every case passed or was skipped."""
        return (
            self.status is RunStatus.COMPLETED
            and bool(self.cases)
            and all(c.outcome in (TestOutcome.PASSED, TestOutcome.SKIPPED) for c in self.cases)
        )

    @property
    def failing(self) -> list[TestCaseResult]:
        ok = (TestOutcome.PASSED, TestOutcome.SKIPPED)
        return [c for c in self.cases if c.outcome not in ok]


def _id_variants(test_id: str) -> set[str]:
    """A pytest node id `a/b/test_x.py::TestK::test_m[p]` as the junit classname form too."""
    variants = {test_id}
    if "::" in test_id:
        path, *parts = test_id.split("::")
        module = path[:-3] if path.endswith(".py") else path
        module = module.replace("/", ".")
        if parts:
            variants.add(".".join([module, *parts[:-1]]) + "::" + parts[-1])
        variants.add(path)
    return variants


def _id_variants_of_case(case: TestCaseResult) -> set[str]:
    variants = {case.test_id, f"{case.classname}::{case.name}"}
    if case.file:
        variants.add(case.file)
    if case.outcome is TestOutcome.COLLECTION_ERROR:
        # pytest names an uncollectable module `tests.test_x`: match its file path too.
        variants.add(case.name.replace(".", "/") + ".py")
        variants.add(case.name)
    return variants


def _first_line(text: str) -> str:
    for line in text.strip().splitlines():
        if line.strip():
            return line.strip()
    return ""


def _classify_failure(element: Any) -> TestOutcome:
    kind = element.get("type") or ""
    message = element.get("message") or ""
    text = element.text or ""
    if "AssertionError" in kind:
        return TestOutcome.RED_ASSERTION
    first = _first_line(message) or _first_line(text)
    if _ASSERTION_FIRST_LINE.match(first):
        return TestOutcome.RED_ASSERTION
    return TestOutcome.RED_ERROR


def _case_outcome(case: Any) -> tuple[TestOutcome, Any | None]:
    classname = case.get("classname") or ""
    children = {child.tag: child for child in case}
    error, failure = children.get("error"), children.get("failure")
    if classname == _JEST_SUITE_FAILED:
        return TestOutcome.COLLECTION_ERROR, error if error is not None else failure
    if (classname.endswith(_VITEST_FILE_SUFFIXES) and case.get("name") == classname
            and (error is not None or failure is not None)):
        return TestOutcome.COLLECTION_ERROR, error if error is not None else failure
    if error is not None:
        if classname == "" and (error.get("message") or "") == _PYTEST_COLLECTION:
            return TestOutcome.COLLECTION_ERROR, error
        return TestOutcome.RED_ERROR, error
    if failure is not None:
        return _classify_failure(failure), failure
    if "skipped" in children:
        return TestOutcome.SKIPPED, children["skipped"]
    return TestOutcome.PASSED, None


class JUnitParseError(ValueError):
    """The report is not JUnit XML we can read."""


def parse_junit(xml: bytes | str) -> list[TestCaseResult]:
    """Every `<testcase>` in the report, classified. Raises JUnitParseError on unreadable XML."""
    try:
        root = SafeET.fromstring(xml)
    except (SafeET.ParseError, DefusedXmlException) as exc:
        raise JUnitParseError(f"unreadable JUnit XML: {exc}") from None
    results: dict[str, TestCaseResult] = {}
    for case in root.iter("testcase"):
        outcome, element = _case_outcome(case)
        classname, name = case.get("classname") or "", case.get("name") or ""
        file = case.get("file")
        if file:
            test_id = f"{file}::{name.strip()}"
        elif classname:
            test_id = f"{classname}::{name}"
        else:
            test_id = name
        message = ""
        details = ""
        if element is not None and outcome is not TestOutcome.PASSED:
            details = element.text or ""
            message = _first_line(element.get("message") or "") or _first_line(details)
        try:
            seconds = float(case.get("time") or 0)
        except ValueError:
            seconds = 0.0
        result = TestCaseResult(
            test_id=test_id,
            classname=classname,
            name=name,
            file=file,
            outcome=outcome,
            message=message,
            details=details,
            seconds=seconds,
        )
        previous = results.get(test_id)
        # jest-junit lists a failed suite twice (error + failure); keep the richer text.
        if (
            previous is None
            or len(result.details) > len(previous.details)
            and (previous.outcome is result.outcome)
        ):
            results[test_id] = result
    return list(results.values())

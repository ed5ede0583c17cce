"""A reproduction test red on the error the report quotes counts as red.

The founding rule is "red on an assertion": an import error, a collection failure or a timeout
proves nothing about the bug. One error does prove it: the very exception the reporter quoted
(`TypeError: methodkey() got multiple values for argument 'self'`), raised when the test calls
the code. Maintainers write such tests (cachetools' own regression test for that report fails
this way), and refusing them sends a correct test back until the attempts run out.

So a test whose only failure is an error counts as red when all of these hold:

- the run completed and nothing about the test failed to collect or import;
- the error's first line is `Type: message`, and both the type and the message (at least
  MIN_QUOTE_CHARS long) are in the report, as the reporter's own words;
- the type is not one that means the test could not run (import, syntax, indentation);
- the message is not in the test file: a test cannot make itself red by raising the quoted
  error itself;
- the error is the product's: at least one frame of its stack is in a file of the base commit
  that is not a test and not written by the step, or it is the interpreter refusing a call to
  a product function (`methodkey() got multiple values for argument 'self'` is raised at the
  call, before any frame of the function: cachetools' case), named in a product file and not
  defined by the step's own files. `1 / 0` in the test body raises `ZeroDivisionError:
  division by zero` without the message in its text, and a helper the step wrote could raise
  anything; neither is the code failing. A runner configured to print no frames (`--tb=line`,
  `--tb=no`) leaves nothing to check, so such an error is not taken.
"""

from __future__ import annotations

import re
from collections.abc import Collection, Sequence
from pathlib import Path

from bot.text.untrusted import MIN_QUOTE_CHARS, quote_is_verbatim
from bot.workspace.failure_summary import frame_paths
from bot.workspace.junit import RunStatus, TestCaseResult, TestOutcome, TestRunResult

_ERROR_LINE = re.compile(r"^(?:E\s+)?(?P<type>[A-Za-z_][\w.]*(?:Error|Exception|Fault|Exit))"
                         r":\s*(?P<message>\S.*)$")
_CANNOT_RUN = frozenset({"ImportError", "ModuleNotFoundError", "SyntaxError", "IndentationError",
                         "TabError", "ReferenceError"})
"""Errors that say the test could not run its code at all (ReferenceError: JavaScript's
undefined name, the test's own mistake); never a reproduction, whatever the report says."""


def _squash(text: str) -> str:
    return " ".join(text.split())


_CALL_REFUSED = re.compile(
    r"^(?P<name>[A-Za-z_][\w.]*)\(\) (?:got multiple values for|got an unexpected keyword|"
    r"missing \d+ required|takes \d+ positional|takes from \d+ to \d+ positional|"
    r"takes no arguments)")
"""CPython's TypeErrors for a call its callee's signature refuses; they name the callee."""


def refused_callee(message: str) -> str | None:
    """The function a call-signature TypeError names (`methodkey` of `methodkey() got ...`,
    `get` of `Cache.get() takes ...`), or None for any other message."""
    line = message.strip().splitlines()[0] if message.strip() else ""
    match = _ERROR_LINE.match(_squash(line))
    if match is None or match["type"].rpartition(".")[2] != "TypeError":
        return None
    refused = _CALL_REFUSED.match(match["message"])
    return refused["name"].rpartition(".")[2] if refused else None


def defines(source: str, name: str) -> bool:
    """Whether `source` defines or binds `name` itself (def, class, function, an assignment)."""
    return re.search(rf"\b(?:def|class|function)\s+{re.escape(name)}\b|"
                     rf"\b{re.escape(name)}\s*=[^=]", source) is not None


def erroring_cases(result: TestRunResult, test_id: str) -> Sequence[TestCaseResult]:
    """The test's cases that ended on an error (their frames are what the caller checks)."""
    return [case for case in result.cases_for(test_id) if case.outcome is TestOutcome.RED_ERROR]


def quoted_error(result: TestRunResult, test_id: str, report: str,
                 test_source: str) -> str | None:
    """The quoted error line, when everything but the product check holds (text only, no I/O:
    the caller looks the product's files up only then); None otherwise."""
    if result.status is not RunStatus.COMPLETED:
        return None
    cases = result.cases_for(test_id)
    outcomes = {case.outcome for case in cases}
    if outcomes & {TestOutcome.COLLECTION_ERROR, TestOutcome.RED_ASSERTION} or \
            TestOutcome.RED_ERROR not in outcomes:
        return None
    line = None
    for case in erroring_cases(result, test_id):
        line = _squash(case.message.strip().splitlines()[0] if case.message.strip() else "")
        match = _ERROR_LINE.match(line)
        if match is None:
            return None
        kind = match["type"].rpartition(".")[2]
        message = match["message"].strip()
        if kind in _CANNOT_RUN or len(message) < MIN_QUOTE_CHARS:
            return None
        if not re.search(rf"\b{re.escape(kind)}\b", report):
            return None
        if not quote_is_verbatim(message, report):
            return None
        if _squash(message) in _squash(test_source):
            return None
    return line


def reported_error(result: TestRunResult, test_id: str, report: str, test_source: str, *,
                   checkout: Path, product_files: Collection[str],
                   product_callees: Collection[str] = ()) -> str | None:
    """The quoted error line the test is red on, or None when this is not such a red.

    `product_files`: of the files the errors' frames name (bot.workspace.failure_summary's
    frame_paths), those in the base commit that are neither tests nor written by the step.
    `product_callees`: of the functions call-signature errors name (`refused_callee`), those a
    product file names and no file of the step defines."""
    line = quoted_error(result, test_id, report, test_source)
    if line is None:
        return None
    for case in erroring_cases(result, test_id):
        through_product = any(path in product_files
                              for path in frame_paths(case.details, checkout))
        callee = refused_callee(case.message)
        if not through_product and (callee is None or callee not in product_callees
                                    or defines(test_source, callee)):
            return None
    return line

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
  error itself.
"""

from __future__ import annotations

import re

from bot.text.untrusted import MIN_QUOTE_CHARS, quote_is_verbatim
from bot.workspace.junit import RunStatus, TestOutcome, TestRunResult

_ERROR_LINE = re.compile(r"^(?:E\s+)?(?P<type>[A-Za-z_][\w.]*(?:Error|Exception|Fault|Exit))"
                         r":\s*(?P<message>\S.*)$")
_CANNOT_RUN = frozenset({"ImportError", "ModuleNotFoundError", "SyntaxError", "IndentationError",
                         "TabError", "ReferenceError"})
"""Errors that say the test could not run its code at all (ReferenceError: JavaScript's
undefined name, the test's own mistake); never a reproduction, whatever the report says."""


def _squash(text: str) -> str:
    return " ".join(text.split())


def reported_error(result: TestRunResult, test_id: str, report: str,
                   test_source: str) -> str | None:
    """The quoted error line the test is red on, or None when this is not such a red."""
    if result.status is not RunStatus.COMPLETED:
        return None
    cases = result.cases_for(test_id)
    outcomes = {case.outcome for case in cases}
    if outcomes & {TestOutcome.COLLECTION_ERROR, TestOutcome.RED_ASSERTION} or \
            TestOutcome.RED_ERROR not in outcomes:
        return None
    for case in cases:
        if case.outcome is not TestOutcome.RED_ERROR:
            continue
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

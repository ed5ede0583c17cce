"""Short failure summaries for the model: failing test, assertion message, the frames that matter.

The raw log never reaches the model: it is mostly noise (passing tests, warnings, library frames)
and costs tokens. What helps the next attempt is which test failed, what it asserted, and where
in the repository's own code it happened.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Sequence
from pathlib import Path

from bot.workspace.junit import RunStatus, TestCaseResult, TestOutcome, TestRunResult

# pytest "long" location lines: `tests/test_x.py:12: AssertionError`
_PYTEST_LOCATION = re.compile(
    r"^(?P<path>[^\s:][^:]*\.\w+):(?P<line>\d+):(?: (?P<what>\w[\w.]*))?\s*$"
)
# CPython traceback: `  File "/abs/calc.py", line 3, in add`
_PY_FRAME = re.compile(r'^\s*File "(?P<path>[^"]+)", line (?P<line>\d+), in (?P<func>.+)$')
# V8: `    at fn (/abs/calc.js:3:9)` or `    at /abs/calc.js:3:9`
_JS_FRAME = re.compile(r"^\s*at (?:(?P<func>.+?) \()?(?P<path>[^()\s]+?):(?P<line>\d+):\d+\)?$")
_LIBRARY_PARTS = ("site-packages", "dist-packages", "node_modules", "/lib/python", "<", "node:")
_ANSI = re.compile(r"\x1b\[[0-9;]*m")

OUTCOME_LABEL = {
    TestOutcome.RED_ASSERTION: "assertion failed",
    TestOutcome.RED_ERROR: "error (not an assertion)",
    TestOutcome.COLLECTION_ERROR: "could not be collected (import/syntax error)",
}


def _repo_relative(path: str, checkout: Path) -> str | None:
    """The frame's path inside the checkout, or None for library/runtime frames."""
    if any(part in path for part in _LIBRARY_PARTS):
        return None
    candidate = Path(path)
    if candidate.is_absolute():
        try:
            return candidate.relative_to(checkout).as_posix()
        except ValueError:
            try:
                return candidate.relative_to(checkout.resolve()).as_posix()
            except ValueError:
                return None
    return candidate.as_posix()


def _frames(details: str, checkout: Path, *,
            skip_messages: bool = False) -> Iterator[tuple[str, re.Match[str]]]:
    """(repository-relative path, match) for each stack-frame line of `details` that points
    into the repository; pytest's message lines (`E ...`) are left out with `skip_messages`."""
    for raw in details.splitlines():
        line = _ANSI.sub("", raw)
        if skip_messages and line.startswith("E "):
            continue
        for pattern in (_PY_FRAME, _JS_FRAME, _PYTEST_LOCATION):
            match = pattern.match(line)
            if match is None:
                continue
            rel = _repo_relative(match["path"], checkout)
            if rel is not None:
                yield rel, match
            break


def repo_frames(details: str, checkout: Path, limit: int = 3) -> list[str]:
    """The last `limit` stack frames that point into the repository's own files."""
    frames: list[str] = []
    for rel, match in _frames(details, checkout):
        func = match.groupdict().get("func")
        frame = f"{rel}:{match['line']}" + (f" in {func}" if func else "")
        if not frames or frames[-1] != frame:
            frames.append(frame)
    return frames[-limit:]


def frame_paths(details: str, checkout: Path) -> list[str]:
    """Every repository file the failure's stack frames name, in order (pytest's message
    lines, `E ...`, are not frames: a raised message cannot name a frame)."""
    return list(dict.fromkeys(rel for rel, _ in _frames(details, checkout, skip_messages=True)))


def assertion_message(case: TestCaseResult, max_lines: int = 8) -> list[str]:
    """The failure message: pytest's `E` lines, else the text before the first stack frame."""
    lines = [_ANSI.sub("", line) for line in case.details.splitlines()]
    e_lines = [line[1:].strip() for line in lines if line.startswith("E ")]
    if not e_lines:
        e_lines = []
        for line in lines:
            if _JS_FRAME.match(line) or _PY_FRAME.match(line):
                break
            if line.strip():
                e_lines.append(line.strip())
    if not e_lines and case.message:
        e_lines = [case.message]
    e_lines = [line for line in e_lines if line]
    if len(e_lines) > max_lines:
        e_lines = [*e_lines[: max_lines - 1], f"... ({len(e_lines) - max_lines + 1} more lines)"]
    return [line[:300] for line in e_lines]


def summarize_case(
    case: TestCaseResult, checkout: Path, *, max_frames: int = 3, max_message_lines: int = 8
) -> str:
    label = OUTCOME_LABEL.get(case.outcome, case.outcome.value)
    parts = [f"FAILED {case.test_id} — {label}"]
    parts += [f"    {line}" for line in assertion_message(case, max_message_lines)]
    frames = repo_frames(case.details, checkout, max_frames)
    if frames:
        parts.append("    where: " + " <- ".join(reversed(frames)))
    return "\n".join(parts)


def _tail(output: str, lines: int) -> list[str]:
    kept = [line for line in (_ANSI.sub("", x).rstrip() for x in output.splitlines()) if line]
    return [line[:300] for line in kept[-lines:]]


def summarize_failures(
    result: TestRunResult,
    checkout: Path,
    *,
    max_tests: int = 5,
    max_frames: int = 3,
    max_message_lines: int = 8,
    focus: Sequence[str] = (),
) -> str:
    """A few lines per failing test (the `focus` test ids first); run-level endings explained."""
    if result.status is RunStatus.TIMEOUT:
        return (
            f"The test run timed out after {result.duration_seconds:.0f}s and was killed; "
            "no test result counts (look for an endless loop or a blocking call)."
        )
    if result.status is RunStatus.NO_REPORT:
        tail = "\n".join(f"    {line}" for line in _tail(result.output, 8))
        return (
            f"The test runner ended without a report (exit code {result.exit_code}). "
            f"Last lines:\n{tail}"
        )
    failing = result.failing
    if not failing:
        return f"All {len(result.cases)} tests passed."
    focus_ids = [case for wanted in focus for case in result.cases_for(wanted)]
    ordered = [
        *dict.fromkeys([c.test_id for c in focus_ids if c in failing]),
        *[c.test_id for c in failing],
    ]
    by_id = {c.test_id: c for c in failing}
    chosen = [by_id[i] for i in dict.fromkeys(ordered)][:max_tests]
    blocks = [
        summarize_case(c, checkout, max_frames=max_frames, max_message_lines=max_message_lines)
        for c in chosen
    ]
    header = f"{len(failing)} of {len(result.cases)} tests failed."
    if len(failing) > len(chosen):
        header += f" Showing {len(chosen)}."
    return "\n".join([header, *blocks])

"""validate_static: every static detector over one diff (and trajectory), as one verdict.

The chain calls this in VALIDATE before the model's part; `smith validate` calls it offline.
No repository access: the diff and the trajectory are the only evidence.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from functools import lru_cache

from bot.evidence import TrajectoryEvent
from bot.protected_paths import ProtectedPaths
from bot.validator.context import ChangedFile, DiffContext
from bot.validator.detectors import (
    comments,
    exceptions,
    expectations,
    guarded_returns,
    history,
    shortcuts,
    soft,
    special_casing,
    state,
    test_values,
    tests_integrity,
)
from bot.validator.diffparse import parse_diff
from bot.validator.models import BreadthLimits, Finding, StaticVerdict
from bot.validator.protected import check_changes
from bot.validator.redtest import red_test_literals, written_literals
from bot.validator.trajectory_audit import audit

DETECTORS: tuple[Callable[[DiffContext], Iterable[Finding]], ...] = (
    exceptions.detect,
    shortcuts.detect,
    guarded_returns.detect,
    special_casing.detect,
    comments.detect,
    tests_integrity.detect,
    expectations.detect,
    test_values.detect,
    state.detect,
    history.detect,
    soft.detect,
)


def validate_static(
    diff_text: str,
    trajectory: Sequence[TrajectoryEvent] = (),
    *,
    red_test: str | None = None,
    protected: ProtectedPaths | None = None,
    estimate_points: float | None = None,
    red_test_literals_extra: Sequence[str] = (),
    limits: BreadthLimits | None = None,
    report: str | None = None,
) -> StaticVerdict:
    """Run all static detectors. Raises DiffParseError when the diff cannot be read.

    `red_test_literals_extra` adds literal values of the red test when the test is not part of
    the diff (written in an earlier commit); literals of a red test added in the diff are read.
    `report` is the bug report or the acceptance criteria quoting it: an early return for an
    edge case, or a test expectation change, is legitimate only when the report asks for it.
    """
    changes = parse_diff(diff_text)
    files = [ChangedFile(change) for change in changes]
    test_files = [f for f in files if f.is_test and f.is_code]
    data_files = [f for f in files if not f.is_code and f.change.status != "deleted"]
    found = red_test_literals(test_files, red_test, data_files)
    exact = bool(red_test or red_test_literals_extra)
    if red_test and not found and not red_test_literals_extra:
        # Not in the diff (BRT committed it earlier): what the agent wrote into its file, as the
        # trajectory records it; else the values of every test the diff adds stand in.
        found = written_literals(trajectory, red_test)
        if not found:
            found, exact = red_test_literals(test_files, None, data_files), False
    literals = found | frozenset(str(v) for v in red_test_literals_extra)
    ctx = DiffContext(
        files=files,
        red_test=red_test,
        red_literals=literals,
        red_literals_exact=exact,
        estimate_points=estimate_points,
        limits=limits or BreadthLimits(),
        report=report,
    )

    findings: list[Finding] = []
    for detector in DETECTORS:
        findings.extend(detector(ctx))
    protected_paths = protected or _default_protected_paths()
    findings.extend(check_changes(protected_paths, changes))
    findings.extend(audit(trajectory, red_test, protected=protected_paths, report=report))

    # No logging here: `smith validate --json` owns stdout; the chain logs the verdict it stores.
    return StaticVerdict.from_findings(_dedupe(findings))


@lru_cache(maxsize=1)
def _default_protected_paths() -> ProtectedPaths:
    """The packaged defaults, read once per process (the chain passes the repo's own set)."""
    return ProtectedPaths.load()


def _dedupe(findings: Iterable[Finding]) -> list[Finding]:
    seen: set[tuple[object, ...]] = set()
    unique = []
    for f in findings:
        key = (f.kind, f.path, f.line, f.seq)
        if key not in seen:
            seen.add(key)
            unique.append(f)
    return sorted(unique, key=lambda f: (f.seq is not None, f.path, f.line or 0, f.kind))

"""Checking a diff against the protected globs: the validator's veto and publishing's guard.

The globs and their folding live in `bot/protected_paths.py` (tools ask it before a write);
this module reads diffs, so it belongs with the validator's diff parsing and findings.
"""

from __future__ import annotations

from collections.abc import Sequence

import structlog

from bot.protected_paths import ProtectedPaths
from bot.validator.diffparse import FileChange, parse_diff
from bot.validator.models import Finding

log = structlog.get_logger(__name__)


class ProtectedPathViolation(Exception):
    """Raised by publishing guards: the change touches a protected path."""

    def __init__(self, findings: list[Finding]) -> None:
        self.findings = findings
        listed = ", ".join(f.path for f in findings)
        super().__init__(f"refusing a change that touches protected paths: {listed}")


def check_changes(protected: ProtectedPaths, changes: Sequence[FileChange]) -> list[Finding]:
    """Every protected path the changes touch, as findings (renames and links too)."""
    findings: list[Finding] = []
    for change in changes:
        first_line = next(
            (ln.target_no or ln.source_no for ln in change.added + change.removed), None
        )
        for role, path in (("source", change.source_path), ("target", change.target_path)):
            if path is None or (role == "target" and path == change.source_path):
                continue
            glob = protected.reason(path)
            if glob is not None:
                findings.append(
                    Finding(
                        kind="protected_path",
                        path=path,
                        line=first_line,
                        detail=f"{_describe(change, role)} protected path `{path}` (matches `{glob}`)",
                    )
                )
        link_target = change.symlink_target
        if link_target and change.target_path:
            problem = protected.link_problem(change.target_path, link_target)
            if problem is not None:
                findings.append(
                    Finding(kind="protected_path", path=change.target_path, line=1,
                            detail=problem)
                )
    return findings


def check_diff(protected: ProtectedPaths, diff_text: str) -> list[Finding]:
    """Every protected path the diff touches; raises DiffParseError for an unreadable diff."""
    return check_changes(protected, parse_diff(diff_text))


def _describe(change: FileChange, role: str) -> str:
    if change.status == "renamed":
        return "renames from" if role == "source" else "renames into"
    if change.status == "copied":
        return "copies from" if role == "source" else "copies into"
    if change.status == "deleted":
        return "deletes"
    if change.status == "added":
        return "adds"
    if (
        change.old_mode
        and change.new_mode
        and change.old_mode != change.new_mode
        and not change.hunks
    ):
        return "changes the mode of"
    return "modifies"


def assert_diff_unprotected(diff_text: str, protected: ProtectedPaths) -> None:
    """Publishing's last guard: raise ProtectedPathViolation if the diff touches a protected path."""
    findings = check_diff(protected, diff_text)
    if findings:
        log.warning("protected_path_violation", paths=[f.path for f in findings])
        raise ProtectedPathViolation(findings)

"""Is a failed test run the environment's fault? One classifier for BRT, QUALITY and REGRESSION.

A test command that cannot start, a runner that crashes or writes no report, modules that cannot
be imported in files the agent never touched, a timeout or a sandbox limit prove nothing about a
test or a fix. Such runs must never spend an attempt nor count as "not red": they are named to
the user with the cause and what to change, after one retry.
"""

from __future__ import annotations

import re
from collections.abc import Collection, Sequence
from dataclasses import dataclass
from pathlib import Path

from bot.workspace.junit import RunStatus, TestOutcome, TestRunResult
from bot.workspace.sandbox.limits import limit_in_output

_ANSI = re.compile(r"\x1b\[[0-9;]*m")
# `sh: 1: python: not found`, `bash: pytest: command not found`, `env: 'node': No such file…`
_NOT_FOUND = re.compile(
    r"^(?:.*?:\s*)?(?:\d+:\s*)?(?P<what>[\w./+-]+):\s*(?:command )?not found\s*$"
    r"|^(?:.*?:\s*)?'?(?P<what2>[\w./+-]+)'?: No such file or directory\s*$",
    re.MULTILINE,
)
_NO_MODULE = re.compile(r"No module named '?(?P<module>[\w.]+)'?")
_LIMIT_EXIT_CODES = {152: "cpu_time", 153: "file_size", -24: "cpu_time", -25: "file_size"}
_IMPORT_OF_MODULE = re.compile(r"while importing test module '(?P<path>[^']+)'")
# A frame of pytest's short traceback: `calc.py:2: in <module>`.
_FRAME = re.compile(r"^(?P<path>[^\s:][^:\n]*?\.\w+):\d+: in ", re.MULTILINE)

SETUP_HINT = "add a `setup` step to `.smith.yml` that installs it"
LIMIT_TEXT = {
    "processes": "the sandbox's process limit",
    "memory": "the sandbox's memory limit",
    "file_size": "the sandbox's file size limit",
    "disk": "the sandbox's disk limit",
    "cpu_time": "the sandbox's CPU time limit",
}


@dataclass(frozen=True)
class EnvironmentProblem:
    """Why the tests could not tell anything, and what a human can change."""

    cause: str
    """command_not_found | runner_missing | runner_crashed | collection_error |
    project_not_importable | timeout | limit | no_tests (REGRESSION: the full suite reported
    none)"""
    detail: str
    """A short, user-facing account (no raw log)."""
    fix: str
    """What to change, e.g. "add a `setup` step to `.smith.yml`"."""

    @property
    def text(self) -> str:
        return f"{self.detail} — {self.fix}"


def _clean(text: str) -> str:
    return _ANSI.sub("", text or "")


def _last_lines(text: str, count: int = 3, width: int = 200) -> str:
    lines = [line.strip() for line in _clean(text).splitlines() if line.strip()]
    lines = [line for line in lines if not line.startswith(("warnings.warn", "/"))] or lines
    return " / ".join(line[:width] for line in lines[-count:])


def _mentions(text: str, paths: Sequence[str]) -> bool:
    """Whether `text` names one of `paths` as a path (`calc.py` is not in `test_calc.py`)."""
    for path in paths:
        if path and re.search(r"(?:^|[/\s\"'(])" + re.escape(path) + r"(?=$|[\s\"':,)])",
                              text, re.MULTILINE):
            return True
    return False


def _limit_of(result: object) -> str | None:
    named = getattr(result, "limit", None)
    if named:
        return str(named)
    exit_code = getattr(result, "exit_code", None)
    if exit_code in _LIMIT_EXIT_CODES:
        return _LIMIT_EXIT_CODES[exit_code]
    return limit_in_output(_clean(getattr(result, "output", "") or ""))


def limit_problem(limit: str) -> EnvironmentProblem:
    return EnvironmentProblem(
        "limit", f"the tests hit {LIMIT_TEXT.get(limit, f'the sandbox limit `{limit}`')}",
        "make the tests lighter, or ask the Smith operator to raise the limit")


def command_problem(output: str, exit_code: int | None, what: str = "test command"
                    ) -> EnvironmentProblem | None:
    """A command that could not start or whose runner is not installed."""
    text = _clean(output)
    match = _NOT_FOUND.search(text)
    if match or exit_code == 127:
        name = (match["what"] or match["what2"]) if match else None
        shown = f"`{name}: not found`" if name else f"exit code {exit_code}"
        return EnvironmentProblem("command_not_found", f"the {what} could not start: {shown}",
                                  SETUP_HINT + ", or set `tests.command`")
    if exit_code == 126:
        return EnvironmentProblem("command_not_found",
                                  f"the {what} could not start: permission denied",
                                  "make the command executable or run it through its interpreter")
    module = _NO_MODULE.search(text)
    if module:
        subject = "the tests" if what == "test command" else f"the {what}"
        return EnvironmentProblem("runner_missing",
                                  f"{subject} could not start: `No module named "
                                  f"{module['module']}`", SETUP_HINT)
    return None


def _missing_import_elsewhere(details: str, touched: Sequence[str]) -> bool:
    """A module that is not installed, imported by a file the change did not touch (the agent's
    test imports `calc`, and `calc.py` imports a package no setup installed): the repository's
    dependencies are missing, whatever test happened to reach them."""
    text = _clean(details)
    if not _NO_MODULE.search(text):
        return False
    frames = _FRAME.findall(text)
    if not frames:
        return False
    last = frames[-1]
    return not _mentions(last, touched) and not any(
        last.endswith(path) for path in touched if path)


def own_package_problem(details: str, own_modules: Collection[str]) -> EnvironmentProblem | None:
    """`No module named 'pkg'` where `pkg` is the repository's own package (its folder is in
    the checkout): the project is not installed, or its install is broken (a cached editable
    install naming a checkout that is gone). Whatever test imported it, that is the
    environment, never the test's fault nor a missing detail in the issue."""
    found = _NO_MODULE.search(_clean(details))
    # Only the top-level package itself: `pkg.missing_sub` means `pkg` imported, and a test
    # naming a submodule that does not exist is the test's own mistake.
    if found is None or found["module"] not in own_modules:
        return None
    name = found["module"]
    return EnvironmentProblem(
        "project_not_importable",
        f"the repository's own package `{name}` could not be imported in the sandbox: "
        f"`No module named {found['module']}`",
        "install the project in the `setup` step of `.smith.yml` (e.g. `pip install -e .` "
        "into the venv the tests use), or put its folder on `PYTHONPATH` in `setup.env`")


def own_modules(checkout: Path) -> frozenset[str]:
    """Top-level Python packages and modules the repository holds (at its root and in `src/`):
    what `import` of the project itself names."""
    names: set[str] = set()
    for base in (checkout, checkout / "src"):
        try:
            entries = list(base.iterdir())
        except OSError:
            continue
        for entry in entries:
            if entry.is_symlink() or entry.name.startswith((".", "_")) or \
                    entry.name in ("tests", "test", "src", "docs"):
                continue
            if entry.is_dir() and (entry / "__init__.py").is_file():
                names.add(entry.name)
            elif entry.suffix == ".py" and entry.is_file() and entry.stem not in (
                    "setup", "conftest", "noxfile", "tasks"):
                names.add(entry.stem)
    return frozenset(n for n in names if n.isidentifier())


def classify(
    result: TestRunResult, *, touched: Sequence[str] = (), own: Collection[str] = ()
) -> EnvironmentProblem | None:
    """None when the run says something about the tests (green, or red for the change's own
    reasons); else the environment problem. `touched`: paths of the agent's change — a failure
    that names one of them is the change's fault, not the environment's. `own`: the
    repository's own top-level modules (`own_modules`) — failing to import one of them is the
    environment's, whichever file imported it."""
    limit = _limit_of(result)
    if limit is not None and result.status is not RunStatus.COMPLETED:
        return limit_problem(limit)
    if result.status is RunStatus.TIMEOUT:
        return EnvironmentProblem(
            "timeout", f"the test run timed out after {result.duration_seconds:.0f} s",
            "raise `tests.timeout_seconds` in `.smith.yml`, or check for a test that hangs")
    if result.status is RunStatus.NO_REPORT:
        problem = command_problem(result.output, result.exit_code)
        if problem is not None:
            return problem
        if _mentions(_clean(result.output), touched):
            return None  # the change broke the runner (e.g. a conftest): the change's fault
        tail = _last_lines(result.output) or "no output"
        return EnvironmentProblem(
            "runner_crashed",
            f"the test runner ended without a JUnit report (exit code {result.exit_code}): "
            f"`{tail[:400]}`",
            "check that `tests.command` runs and writes its report to `{junit}`")
    broken = [case for case in result.cases if case.outcome is TestOutcome.COLLECTION_ERROR]
    foreign = []
    for case in broken:
        own_problem = own_package_problem(case.details or case.message or "", own)
        if own_problem is not None:
            return own_problem
        if _missing_import_elsewhere(case.details or "", touched):
            foreign.append(case)
            continue
        module = _IMPORT_OF_MODULE.search(case.details or "")
        names = [case.test_id, case.file or "", case.name.replace(".", "/") + ".py"]
        if module:
            names.append(module["path"])
        if any(name and _mentions(name, touched) for name in names) or \
                _mentions(_clean(case.details), touched):
            return None  # the change's own test or code does not import: the agent's to fix
        foreign.append(case)
    if foreign:
        case = foreign[0]
        reason = _NO_MODULE.search(case.details or "")
        why = f"`No module named {reason['module']}`" if reason else \
            f"`{_last_lines(case.details, count=1)[:300] or case.message[:300]}`"
        where = case.file or case.name or case.test_id
        return EnvironmentProblem(
            "collection_error", f"tests in `{where}` could not be collected: {why}",
            "install the repository's test dependencies in a `setup` step of `.smith.yml`")
    return None

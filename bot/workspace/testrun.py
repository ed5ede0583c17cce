"""Runs given tests (or the full suite, or a check) in the sandbox and reads the JUnit report.

The verdict comes from the report, never from console text; the console output is kept capped
for debugging only.
"""

from __future__ import annotations

import shlex
import shutil
import tempfile
from collections import Counter
from collections.abc import Sequence
from pathlib import Path

import pathspec
from pydantic import BaseModel

from bot.repo_config import CheckConfig, RepoConfig
from bot.workspace.junit import (
    JUnitParseError,
    RunStatus,
    TestCaseResult,
    TestRunResult,
    parse_junit,
)
from bot.workspace.safe_fs import read_beneath
from bot.workspace.sandbox import Sandbox
from bot.workspace.trajectory import Trajectory


def repo_env(config: RepoConfig, checkout: Path) -> tuple[dict[str, str], list[Path]]:
    """The repository's setup env (with `{checkout}` filled in) and its PATH additions."""
    env = {k: v.replace("{checkout}", str(checkout)) for k, v in config.setup.env.items()}
    prepend = [checkout / p for p in config.path_prepend]
    return env, prepend


def render_command(
    template: str,
    *,
    tests: Sequence[str] = (),
    junit: Path | None = None,
    files: Sequence[str] = (),
) -> str:
    """Fill `{tests}`, `{junit}`, `{files}`; every value is shell-quoted (ids come from agents)
    and none may start with `-`, which a runner would read as an option."""
    for value in (*tests, *files):
        if not value or value.startswith("-"):
            raise ValueError(f"refusing test id or path {value!r}")
    return (
        template.replace("{tests}", " ".join(shlex.quote(t) for t in tests))
        .replace("{junit}", shlex.quote(str(junit)) if junit else "")
        .replace("{files}", " ".join(shlex.quote(f) for f in files))
    )


def _with_file_ids(cases: list[TestCaseResult], checkout: Path) -> list[TestCaseResult]:
    """pytest reports `classname="tests.test_x.TestK"`: give such cases their node id
    (`tests/test_x.py::TestK::test_m`) by finding the module file in the checkout."""
    fixed = []
    for case in cases:
        if case.file or not case.classname:
            fixed.append(case)
            continue
        parts = case.classname.split(".")
        for cut in range(len(parts), 0, -1):
            module = "/".join(parts[:cut]) + ".py"
            if (checkout / module).is_file():
                node = "::".join([module, *parts[cut:], case.name])
                case = case.model_copy(update={"file": module, "test_id": node})
                break
        fixed.append(case)
    return fixed


MAX_REPORT_BYTES = 64 << 20
"""A JUnit report larger than this is not read (a test could write an endless one)."""


async def _run_with_report(
    sandbox: Sandbox,
    command_template: str,
    checkout: Path,
    config: RepoConfig,
    timeout: float,
    tests: Sequence[str] = (),
    files: Sequence[str] = (),
) -> TestRunResult:
    reports = Path(tempfile.mkdtemp(prefix="smith-junit-", dir=checkout.parent))
    junit = reports / "report.xml"
    reports.chmod(0o777)
    try:
        command = render_command(command_template, tests=tests, junit=junit, files=files)
        env, prepend = repo_env(config, checkout)
        # The report folder sits next to the checkout so the sandbox can write it.
        result = await sandbox.run(
            command,
            cwd=checkout,
            timeout=timeout,
            env=env,
            path_prepend=prepend,
            writable=[reports],
        )
        common = dict(
            exit_code=result.exit_code,
            output=result.output,
            output_truncated=result.truncated,
            duration_seconds=result.duration_seconds,
            command=command,
            limit=result.limit,
        )
        if result.timed_out:
            return TestRunResult(status=RunStatus.TIMEOUT, **common)
        # The sandbox wrote the report folder: a link or a fifo planted there is never
        # followed or waited on, and an oversized report is refused, not read.
        try:
            report = read_beneath(reports, junit.name, max_bytes=MAX_REPORT_BYTES,
                                  single_link=True)
        except OSError:  # missing, a link, not a regular file, too large
            return TestRunResult(status=RunStatus.NO_REPORT, **common)
        try:
            cases = _with_file_ids(parse_junit(report), checkout)
        except JUnitParseError:
            return TestRunResult(status=RunStatus.NO_REPORT, **common)
        return TestRunResult(status=RunStatus.COMPLETED, cases=cases, **common)
    finally:
        shutil.rmtree(reports, ignore_errors=True)


async def run_tests(
    sandbox: Sandbox,
    checkout: Path,
    config: RepoConfig,
    tests: Sequence[str],
    *,
    timeout: float | None = None,
    trajectory: Trajectory | None = None,
    step: str = "quality",
) -> TestRunResult:
    """Run the given test ids with the repo's test command; verdicts from its JUnit report.

    With a trajectory, the run is recorded as a code action (`actor="code"`, `run_tests`).
    """
    result = await _run_with_report(
        sandbox,
        config.test_command,
        checkout,
        config,
        timeout or config.tests.timeout_seconds,
        tests=tests,
    )
    if trajectory is not None:
        counts = Counter(case.outcome.value for case in result.cases)
        detail = f"{result.status.value}: " + ", ".join(
            f"{k}={v}" for k, v in sorted(counts.items())
        )
        await trajectory.record(
            step=step,
            actor="code",
            tool="run_tests",
            args={"tests": list(tests)},
            ok=result.status is RunStatus.COMPLETED,
            detail=detail,
        )
    return result


async def run_full_suite(sandbox: Sandbox, checkout: Path, config: RepoConfig) -> TestRunResult:
    """The regression run: the full-suite command."""
    return await _run_with_report(
        sandbox, config.regression_command, checkout, config, config.regression.timeout_seconds
    )


class CheckResult(BaseModel):
    """One extra check (lint, types, locales) triggered by touched paths."""

    name: str
    passed: bool
    timed_out: bool
    exit_code: int | None
    output: str
    files: list[str]


def triggered_checks(
    config: RepoConfig, touched: Sequence[str]
) -> list[tuple[CheckConfig, list[str]]]:
    """Checks whose path globs match any touched file, with the matching files."""
    selected = []
    for check in config.checks:
        spec = pathspec.GitIgnoreSpec.from_lines(check.paths)
        files = [path for path in touched if spec.match_file(path)]
        if files:
            selected.append((check, files))
    return selected


async def run_checks(
    sandbox: Sandbox, checkout: Path, config: RepoConfig, touched: Sequence[str]
) -> list[CheckResult]:
    """Run every triggered check; pass/fail by exit code."""
    results = []
    env, prepend = repo_env(config, checkout)
    for check, files in triggered_checks(config, touched):
        command = render_command(check.command, files=files, junit=None)
        outcome = await sandbox.run(
            command, cwd=checkout, timeout=check.timeout_seconds, env=env, path_prepend=prepend
        )
        results.append(
            CheckResult(
                name=check.name,
                passed=outcome.exit_code == 0,
                timed_out=outcome.timed_out,
                exit_code=outcome.exit_code,
                output=outcome.output,
                files=files,
            )
        )
    return results

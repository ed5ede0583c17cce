"""Many pytest runs in one sandbox call: pytest is imported once, each run is a forked child.

The gates of the test-generation chain run the same file again and again (collect, green,
repeated runs in shuffled order, one run per mutant). Starting the sandbox and importing pytest
and its plugins costs more than the tests; a driver inside the sandbox pays it once and forks a
fresh child per run, so runs stay isolated from each other (nothing the tests import survives
into the next run). Verdicts still come from each run's JUnit report. Only plain pytest
commands qualify (`[VAR=value ...] python -m pytest [options] {tests} --junitxml={junit}`);
anything else runs one command per run, as `testrun.run_tests` does.
"""

from __future__ import annotations

import json
import shlex
import shutil
import tempfile
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from bot.repo_config import RepoConfig
from bot.workspace.junit import JUnitParseError, RunStatus, TestRunResult, parse_junit
from bot.workspace.safe_fs import read_beneath
from bot.workspace.sandbox import Sandbox
from bot.workspace.testrun import MAX_REPORT_BYTES, _with_file_ids, repo_env

_SHELL_OPERATORS = ("&&", "||", ";", "|", ">", "<", "&", "$(", "`")

DRIVER = r'''
import importlib, json, os, shutil, signal, sys
jobs = json.load(open(sys.argv[1]))
import pytest  # once, in the parent, with the plugins pytest would load
try:
    if os.environ.get("PYTEST_DISABLE_PLUGIN_AUTOLOAD"):
        raise ImportError("plugin autoload is off")
    from importlib.metadata import entry_points
    for ep in entry_points(group="pytest11"):
        try:  # a warm-up only: pytest loads (and reports) a broken plugin itself
            importlib.import_module(ep.value.split(":")[0])
        except (ImportError, SyntaxError):
            pass
except ImportError:
    pass
for job in jobs:
    pid = os.fork()
    if pid == 0:
        code = 99  # whatever escapes below still ends this child here, never in the loop
        try:
            if job.get("mutant"):
                shutil.copyfile(job["mutant"], job["module"])
                os.utime(job["module"], (job["mtime"], job["mtime"]))
            signal.alarm(int(job["timeout"]))
            code = pytest.main(job["args"])
        finally:
            sys.stdout.flush()
            os._exit(int(code) if isinstance(code, int) else 1)
    _, status = os.waitpid(pid, 0)
    result = "timeout" if os.WIFSIGNALED(status) and os.WTERMSIG(status) == signal.SIGALRM \
        else str(os.waitstatus_to_exitcode(status))
    with open(job["status"], "w") as out:
        out.write(result)
'''


@dataclass(frozen=True)
class BatchRun:
    """One pytest run of a batch: its test ids, and a mutant of `module` to put in place."""

    tests: tuple[str, ...]
    collect_only: bool = False
    mutant: str | None = None
    """The whole source of the mutated module."""
    module: str | None = None
    mtime: int = 0


def pytest_parts(config: RepoConfig) -> tuple[dict[str, str], list[str]] | None:
    """(environment words, pytest options) of a plain pytest command, else None."""
    command = config.test_command
    if any(op in command for op in _SHELL_OPERATORS):
        return None
    try:
        words = shlex.split(command)
    except ValueError:
        return None
    env: dict[str, str] = {}
    while words and "=" in words[0] and words[0].split("=", 1)[0].isidentifier():
        name, value = words.pop(0).split("=", 1)
        env[name] = value
    if words[:3] != ["python", "-m", "pytest"] and words[:1] != ["pytest"]:
        return None
    options = words[3:] if words[0] == "python" else words[1:]
    kept = [w for w in options if "{tests}" not in w and "{junit}" not in w]
    if any("{" in w for w in kept):
        return None
    return env, kept


async def run_batch(
    sandbox: Sandbox, checkout: Path, config: RepoConfig, runs: Sequence[BatchRun],
    *, timeout: float,
) -> list[TestRunResult] | None:
    """Every run's result, in order; None when the repository's command is not plain pytest."""
    parts = pytest_parts(config)
    if parts is None:
        return None
    extra_env, options = parts
    for run in runs:
        for value in run.tests:
            if not value or value.startswith("-"):
                raise ValueError(f"refusing test id or path {value!r}")
    reports = Path(tempfile.mkdtemp(prefix="smith-batch-", dir=checkout.parent))
    reports.chmod(0o777)
    try:
        jobs = []
        for index, run in enumerate(runs):
            job: dict[str, object] = {
                "args": [*options, "-p", "no:cacheprovider",
                         *(["--collect-only"] if run.collect_only else []),
                         f"--junitxml={reports / f'{index}.xml'}", "--", *run.tests],
                "status": str(reports / f"{index}.status"), "timeout": max(1, int(timeout)),
            }
            if run.mutant is not None and run.module is not None:
                source = reports / f"{index}.mutant.py"
                source.write_text(run.mutant)
                source.chmod(0o644)
                job.update(mutant=str(source), module=run.module, mtime=run.mtime)
            jobs.append(job)
        (reports / "jobs.json").write_text(json.dumps(jobs))
        (reports / "driver.py").write_text(DRIVER)
        for name in ("jobs.json", "driver.py"):
            (reports / name).chmod(0o644)
        env, prepend = repo_env(config, checkout)
        env = {**env, **extra_env, "PYTHONDONTWRITEBYTECODE": "1"}
        command = (f"python {shlex.quote(str(reports / 'driver.py'))} "
                   f"{shlex.quote(str(reports / 'jobs.json'))}")
        result = await sandbox.run(command, cwd=checkout, timeout=timeout * len(runs) + 30,
                                   env=env, path_prepend=prepend, writable=[reports])
        return [_read_run(reports, index, result, checkout) for index in range(len(runs))]
    finally:
        shutil.rmtree(reports, ignore_errors=True)


def _read_run(reports: Path, index: int, result, checkout: Path) -> TestRunResult:  # noqa: ANN001
    common = dict(output="", output_truncated=result.truncated, command="pytest batch",
                  duration_seconds=result.duration_seconds, limit=result.limit)
    try:
        status = read_beneath(reports, f"{index}.status", max_bytes=64,
                              single_link=True).decode().strip()
    except OSError:
        status = "timeout" if result.timed_out else "missing"
    if status == "timeout":
        return TestRunResult(status=RunStatus.TIMEOUT, **common)
    exit_code = int(status) if status.lstrip("-").isdigit() else None
    try:
        report = read_beneath(reports, f"{index}.xml", max_bytes=MAX_REPORT_BYTES,
                              single_link=True)
        cases = _with_file_ids(parse_junit(report), checkout)
    except (OSError, JUnitParseError):
        return TestRunResult(status=RunStatus.NO_REPORT, exit_code=exit_code, **common)
    return TestRunResult(status=RunStatus.COMPLETED, cases=cases, exit_code=exit_code, **common)

"""Many pytest runs in one sandbox call: pytest is imported once, each run is a forked child.

The gates of the test-generation chain run the same file again and again (collect, green,
repeated runs in shuffled order, one run per mutant). Starting the sandbox and importing pytest
and its plugins costs more than the tests; a driver inside the sandbox pays it once and forks a
fresh child per run, so runs stay isolated from each other (nothing the tests import survives
into the next run). Verdicts still come from each run's JUnit report. A run may also measure
one module with coverage.py, test by test (`arcs_of`: the arcs each test executed there, and
the module's branch arcs taken and missed; `bot/workspace/arcs.py`). Only plain pytest
commands qualify (`[VAR=value ...] python[3] -m pytest [options] {tests} --junitxml={junit}`);
anything else runs one command per run, as `testrun.run_tests` does.

Each run has a time limit. When it runs out inside a test (its setup, call or teardown), that
test fails with a timeout raised inside it and the session stops there, its report still
written; anywhere else (importing, collecting) the child is ended and the run is a `timeout`
with no report. A run's `duration_seconds` is its own (the forked child's), not the call's.
"""

from __future__ import annotations

import json
import math
import shlex
import shutil
import tempfile
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from bot.repo_config import RepoConfig
from bot.workspace.arcs import MAX_ARCS_BYTES, ArcsUnreadable, ModuleArcs, parse_arcs
from bot.workspace.junit import JUnitParseError, RunStatus, TestRunResult, parse_junit
from bot.workspace.safe_fs import read_beneath
from bot.workspace.sandbox import CommandResult, Sandbox
from bot.workspace.testrun import MAX_REPORT_BYTES, _with_file_ids, repo_env

_SHELL_OPERATORS = ("&&", "||", ";", "|", ">", "<", "&", "$(", "`")

DRIVER = r'''
import importlib, json, os, re, shutil, signal, sys, time
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


def measure(spec):
    """coverage.py on one module, its context switched to each test's node id."""
    import coverage
    cov = coverage.Coverage(data_file=None, branch=True, config_file=False,
                            include=[os.path.abspath(spec["module"])])
    if not hasattr(cov, "switch_context"):  # coverage.py before 5.0
        raise ImportError("coverage.py is too old")

    class PerTest:
        @pytest.hookimpl(tryfirst=True)
        def pytest_runtest_setup(self, item):
            cov.switch_context(item.nodeid)

    cov.start()
    return cov, PerTest()


def arcs(cov, spec):
    import coverage
    cov.stop()
    module = os.path.abspath(spec["module"])
    data = cov.get_data()
    out = {"per_test": {}, "executed": [], "missing": None}
    for context in sorted(data.measured_contexts()):
        if context:
            data.set_query_contexts(["^" + re.escape(context) + "$"])
            out["per_test"][context] = data.arcs(module) or []
    data.set_query_contexts(None)
    try:
        cov.json_report(morfs=[module], outfile=spec["out"] + ".report")
        with open(spec["out"] + ".report") as report:
            [entry] = json.load(report)["files"].values()
        out["executed"], out["missing"] = entry["executed_branches"], entry["missing_branches"]
    except (coverage.CoverageException, OSError, ValueError, KeyError):
        pass  # coverage.py could not report on it (not Python source?)
    return out


class TimeLimit:
    """The run's time limit. Inside a test (setup, call, teardown) it fails that test with a
    timeout raised there and stops the session (the report is still written); anywhere else,
    or when the test does not give way, it ends the child: a `timeout` with no report."""

    def __init__(self, seconds):
        self.seconds, self.session, self.inside, self.fired = seconds, None, False, False
        signal.signal(signal.SIGALRM, self.expired)
        signal.setitimer(signal.ITIMER_REAL, seconds)

    def expired(self, signum, frame):
        if not self.inside or self.fired:
            signal.signal(signal.SIGALRM, signal.SIG_DFL)
            os.kill(os.getpid(), signal.SIGALRM)
            return
        self.fired = True
        if self.session is not None:
            self.session.shouldstop = "smith: the run's time limit"
        signal.setitimer(signal.ITIMER_REAL, max(2.0, self.seconds))
        pytest.fail("timed out after %g s (the run's time limit)" % self.seconds, pytrace=False)

    def phase(self):
        self.inside = True
        try:
            yield
        finally:
            self.inside = False

    @pytest.hookimpl(tryfirst=True)
    def pytest_sessionstart(self, session):
        self.session = session

    @pytest.hookimpl(hookwrapper=True)
    def pytest_runtest_setup(self, item):
        yield from self.phase()

    @pytest.hookimpl(hookwrapper=True)
    def pytest_runtest_call(self, item):
        yield from self.phase()

    @pytest.hookimpl(hookwrapper=True)
    def pytest_runtest_teardown(self, item):
        yield from self.phase()


for job in jobs:
    started = time.monotonic()
    pid = os.fork()
    if pid == 0:
        code = 99  # whatever escapes below still ends this child here, never in the loop
        try:
            if job.get("mutant"):
                shutil.copyfile(job["mutant"], job["module"])
                os.utime(job["module"], (job["mtime"], job["mtime"]))
            cov, plugins = None, [TimeLimit(float(job["timeout"]))]
            if job.get("arcs"):
                try:
                    cov, plugin = measure(job["arcs"])
                    plugins.append(plugin)
                except ImportError as missing:
                    with open(job["arcs"]["out"], "w") as out:
                        json.dump({"error": str(missing)[:200] or "no coverage.py"}, out)
            code = pytest.main(job["args"], plugins=plugins)
            if cov is not None:
                measured = arcs(cov, job["arcs"])
                with open(job["arcs"]["out"], "w") as out:
                    json.dump(measured, out)
        finally:
            sys.stdout.flush()
            os._exit(int(code) if isinstance(code, int) else 1)
    _, status = os.waitpid(pid, 0)
    result = "timeout" if os.WIFSIGNALED(status) and os.WTERMSIG(status) == signal.SIGALRM \
        else str(os.waitstatus_to_exitcode(status))
    with open(job["status"], "w") as out:
        out.write("%s %.3f" % (result, time.monotonic() - started))
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
    arcs_of: str | None = None
    """A module (checkout-relative) to measure with coverage.py, test by test."""


def plain_words(command: str) -> tuple[list[tuple[str, str]], list[str]] | None:
    """(leading `VAR=value` words as pairs, the words after them) of a command with no shell
    operators, else None."""
    if any(op in command for op in _SHELL_OPERATORS):
        return None
    try:
        words = shlex.split(command)
    except ValueError:
        return None
    env: list[tuple[str, str]] = []
    while words and "=" in words[0] and words[0].split("=", 1)[0].isidentifier():
        name, value = words.pop(0).split("=", 1)
        env.append((name, value))
    return env, words


def pytest_parts(config: RepoConfig) -> tuple[dict[str, str], list[str]] | None:
    """(environment words, pytest options) of a plain pytest command, else None."""
    split = plain_words(config.test_command)
    if split is None:
        return None
    env, words = dict(split[0]), split[1]
    python = bool(words) and words[0] in ("python", "python3")
    if not (python and words[1:3] == ["-m", "pytest"]) and words[:1] != ["pytest"]:
        return None
    options = words[3:] if python else words[1:]
    kept = [w for w in options if "{tests}" not in w and "{junit}" not in w]
    if any("{" in w for w in kept):
        return None
    return env, kept


async def run_batch(
    sandbox: Sandbox, checkout: Path, config: RepoConfig, runs: Sequence[BatchRun],
    *, timeout: float,
) -> list[TestRunResult] | None:
    """Every run's result, in order; None when the repository's command is not plain pytest."""
    batch = await run_batch_arcs(sandbox, checkout, config, runs, timeout=timeout)
    return None if batch is None else batch[0]


async def run_batch_arcs(
    sandbox: Sandbox, checkout: Path, config: RepoConfig, runs: Sequence[BatchRun],
    *, timeout: float,
) -> tuple[list[TestRunResult], dict[int, ModuleArcs]] | None:
    """Every run's result, in order, and the arcs of the runs that measured a module (by
    index; a run that timed out or crashed has none); None when the command is not plain
    pytest."""
    parts = pytest_parts(config)
    if parts is None:
        return None
    extra_env, options = parts
    for run in runs:
        for value in (*run.tests, *([run.arcs_of] if run.arcs_of is not None else [])):
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
                "status": str(reports / f"{index}.status"), "timeout": max(1.0, timeout),
            }
            if run.mutant is not None and run.module is not None:
                source = reports / f"{index}.mutant.py"
                source.write_text(run.mutant)
                source.chmod(0o644)
                job.update(mutant=str(source), module=run.module, mtime=run.mtime)
            if run.arcs_of is not None:
                job["arcs"] = {"module": run.arcs_of, "out": str(reports / f"{index}.arcs.json")}
            jobs.append(job)
        (reports / "jobs.json").write_text(json.dumps(jobs))
        (reports / "driver.py").write_text(DRIVER)
        for name in ("jobs.json", "driver.py"):
            (reports / name).chmod(0o644)
        env, prepend = repo_env(config, checkout)
        env = {**env, **extra_env, "PYTHONDONTWRITEBYTECODE": "1"}
        command = (f"python3 {shlex.quote(str(reports / 'driver.py'))} "
                   f"{shlex.quote(str(reports / 'jobs.json'))}")
        result = await sandbox.run(command, cwd=checkout, timeout=timeout * len(runs) + 30,
                                   env=env, path_prepend=prepend, writable=[reports])
        results = [_read_run(reports, index, result, checkout) for index in range(len(runs))]
        return results, {index: measured for index, run in enumerate(runs)
                         if run.arcs_of is not None
                         and (measured := _read_arcs(reports, index)) is not None}
    finally:
        shutil.rmtree(reports, ignore_errors=True)


def _read_arcs(reports: Path, index: int) -> ModuleArcs | None:
    try:
        return parse_arcs(read_beneath(reports, f"{index}.arcs.json",
                                       max_bytes=MAX_ARCS_BYTES, single_link=True))
    except (OSError, ArcsUnreadable):
        return None


def _read_run(
    reports: Path, index: int, result: CommandResult, checkout: Path
) -> TestRunResult:
    try:
        words = read_beneath(reports, f"{index}.status", max_bytes=64,
                             single_link=True).decode(errors="replace").split()
    except OSError:  # the driver never got to this run: the call's own output tells why
        words = []
    status = words[0] if words else "timeout" if result.timed_out else "missing"
    common: dict[str, Any] = {
        "output": "" if words else _tail(result.output), "output_truncated": result.truncated,
        "command": "pytest batch", "duration_seconds": _seconds(words, result),
        "limit": result.limit}
    if status == "timeout":
        return TestRunResult(status=RunStatus.TIMEOUT, **common)
    exit_code = int(status) if status.lstrip("-").isdigit() else \
        None if words else result.exit_code
    try:
        report = read_beneath(reports, f"{index}.xml", max_bytes=MAX_REPORT_BYTES,
                              single_link=True)
        cases = _with_file_ids(parse_junit(report), checkout)
    except (OSError, JUnitParseError):
        return TestRunResult(status=RunStatus.NO_REPORT, exit_code=exit_code, **common)
    return TestRunResult(status=RunStatus.COMPLETED, cases=cases, exit_code=exit_code, **common)


OUTPUT_TAIL = 4000
"""Of the call's output, what a run the driver never reached keeps (why it could not start)."""


def _tail(output: str) -> str:
    return output[-OUTPUT_TAIL:]


def _seconds(words: list[str], result: CommandResult) -> float:
    """The run's own time as the driver measured it, never more than the whole call's."""
    try:
        seconds = float(words[1])
    except (IndexError, ValueError):
        return result.duration_seconds
    if not math.isfinite(seconds):
        return result.duration_seconds
    return min(max(seconds, 0.0), result.duration_seconds)

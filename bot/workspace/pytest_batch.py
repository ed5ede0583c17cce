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

The tests cannot forge results: the driver alone writes the call's output (each child's goes to
a log of its own), where it sends one record per run; the jobs and mutants are read before any
test runs; a report must agree with the outcomes the child streamed as each test ended and with
pytest's exit code, or it is refused (`report_mismatch`).
"""

from __future__ import annotations

import base64
import json
import math
import os
import shlex
import shutil
import tempfile
import zlib
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path, PurePosixPath
from typing import Any

from bot.repo_config import RepoConfig
from bot.workspace.arcs import MAX_ARCS_BYTES, ArcsUnreadable, ModuleArcs, parse_arcs
from bot.workspace.junit import (
    JUnitParseError,
    RunStatus,
    TestCaseResult,
    TestOutcome,
    TestRunResult,
    parse_junit,
)
from bot.workspace.sandbox import CommandResult, Sandbox
from bot.workspace.testrun import MAX_REPORT_BYTES, _with_file_ids, repo_env

_SHELL_OPERATORS = ("&&", "||", ";", "|", ">", "<", "&", "$(", "`")

DRIVER = r'''
import base64, importlib, importlib.machinery, importlib.util, json, os, re, shutil, signal
import sys, tempfile, threading, time, zlib
RESULTS = os.dup(1)  # the host's pipe: from here on only this parent writes it
try:  # nor can a test reopen it through /proc/<parent>/fd or read this process's memory
    import ctypes
    ctypes.CDLL(None).prctl(4, 0, 0, 0, 0)  # PR_SET_DUMPABLE = 0
except (ImportError, OSError, AttributeError):
    pass
jobs = json.load(open(sys.argv[1]))
WORKERS, SKIP = int(sys.argv[2]), sys.argv[3:]
for job in jobs:  # read once, before any test runs: a test rewriting them changes nothing
    if job.get("mutant"):
        with open(job["mutant"], "rb") as source:
            job["mutant"] = source.read()
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


class Stream:
    """Each test's outcome, sent to the parent through a pipe as it is reported."""

    def __init__(self, fd):
        self.fd = fd

    def send(self, when, outcome, nodeid):
        os.write(self.fd, ("%s\t%s\t%s\n" % (when, outcome, " ".join(nodeid.split()))).encode())

    @pytest.hookimpl(tryfirst=True)
    def pytest_runtest_logreport(self, report):
        self.send(report.when, report.outcome, report.nodeid)

    @pytest.hookimpl(tryfirst=True)
    def pytest_collectreport(self, report):
        if not report.passed:
            self.send("collect", report.outcome, report.nodeid)


def drain(fd, into, cap=1 << 20):
    size = 0
    while True:
        chunk = os.read(fd, 65536)
        if not chunk:
            break
        if size < cap:
            into.append(chunk)
            size += len(chunk)
    os.close(fd)


def send(record):
    data = ("\x1esmith-batch-result %s\n" % json.dumps(record)).encode()
    while data:
        data = data[os.write(RESULTS, data):]


def packed(path, cap, trim=None):
    try:
        with open(path, "rb") as handle:
            data = handle.read(cap + 1)
    except OSError:
        return None
    if len(data) > cap:
        return None
    return base64.b64encode(zlib.compress(trim(data) if trim else data)).decode()


def trimmed(report):
    """The JUnit report without the tests' captured output, failure texts cut short: what
    the verdicts need fits the call's output, however many runs there are."""
    import xml.etree.ElementTree as ET
    try:
        root = ET.fromstring(report)
    except ET.ParseError:
        return report  # the host refuses it
    for parent in list(root.iter()):
        for child in list(parent):
            if child.tag in ("system-out", "system-err", "properties"):
                parent.remove(child)
            elif child.tag in ("failure", "error", "skipped"):
                child.text = (child.text or "")[:1500]
                if child.get("message"):
                    child.set("message", child.get("message")[:500])
    return ET.tostring(root)


class MutantLoader(importlib.machinery.SourceFileLoader):
    """The module's code from the mutant's source, whatever file the import found."""

    source = b""

    def get_code(self, fullname):
        return compile(self.source, self.path, "exec", dont_inherit=True)

    def get_source(self, fullname):
        return self.source.decode("utf-8", "replace")


class MutantFinder:
    """The mutated module wherever it is imported from: the worker's copy, or the checkout
    itself (an editable install, PYTHONPATH)."""

    def __init__(self, paths, source):
        self.paths, self.source = {os.path.realpath(p) for p in paths}, source

    def find_spec(self, name, path=None, target=None):
        for finder in sys.meta_path:
            find = getattr(finder, "find_spec", None)
            if finder is self or find is None:
                continue
            spec = find(name, path, target)
            if spec is None:
                continue
            if not spec.origin or os.path.realpath(spec.origin) not in self.paths:
                return None
            loader = MutantLoader(name, spec.origin)
            loader.source = self.source
            return importlib.util.spec_from_file_location(
                name, spec.origin, loader=loader,
                submodule_search_locations=spec.submodule_search_locations)
        return None


def worker_copies(count, skip):
    """A copy of the checkout per worker (mutants of parallel runs go there); [] when they
    cannot be made (then every run goes one at a time in the checkout)."""
    if count < 2:
        return []
    size = files = 0
    try:
        for folder, dirs, names in os.walk("."):
            dirs[:] = [d for d in dirs if d not in skip]
            files += len(names)
            size += sum(os.lstat(os.path.join(folder, n)).st_size for n in names)
            if files > COPY_FILES or size > COPY_BYTES:
                return []  # too big to copy for each worker: one at a time in the checkout
    except OSError:
        return []
    made = []
    try:
        for _ in range(count):
            folder = tempfile.mkdtemp(prefix="smith-worker-")
            shutil.copytree(".", os.path.join(folder, "checkout"), symlinks=True,
                            ignore=shutil.ignore_patterns(*skip))
            made.append(os.path.join(folder, "checkout"))
    except (OSError, shutil.Error):
        for folder in made:
            shutil.rmtree(os.path.dirname(folder), ignore_errors=True)
        return []
    return made


COPY_FILES, COPY_BYTES = 20000, 200 << 20
HOME = os.getcwd()
copies = worker_copies(WORKERS, SKIP) if any(job.get("parallel") for job in jobs) else []
free, running = list(range(len(copies))), {}


def launch(index, job, worker):
    private = tempfile.mkdtemp(prefix="smith-run-")  # the run's report; read by the parent
    junit, log = os.path.join(private, "junit.xml"), os.path.join(private, "output.log")
    if job.get("arcs"):
        job["arcs"]["out"] = os.path.join(private, "arcs.json")
    read_end, write_end = os.pipe()
    started = time.monotonic()
    pid = os.fork()
    if pid == 0:
        code = 99  # whatever escapes below still ends this child here, never in the loop
        try:
            os.close(read_end)
            os.close(RESULTS)
            output = os.open(log, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
            os.dup2(output, 1)  # the tests write their own log, never the host's pipe
            os.dup2(output, 2)
            os.close(output)
            if worker is not None:
                os.chdir(copies[worker])
            if job.get("mutant") is not None:
                with open(job["module"], "wb") as module:
                    module.write(job["mutant"])
                os.utime(job["module"], (job["mtime"], job["mtime"]))
                if worker is not None:
                    paths = [os.path.join(HOME, job["module"]), os.path.abspath(job["module"])]
                    for name, loaded in list(sys.modules.items()):
                        where = getattr(loaded, "__file__", None)
                        if where and os.path.realpath(where) in {os.path.realpath(p)
                                                                 for p in paths}:
                            del sys.modules[name]
                    sys.meta_path.insert(0, MutantFinder(paths, job["mutant"]))
            cov, plugins = None, [TimeLimit(float(job["timeout"])), Stream(write_end)]
            if job.get("arcs"):
                try:
                    cov, plugin = measure(job["arcs"])
                    plugins.append(plugin)
                except ImportError as missing:
                    with open(job["arcs"]["out"], "w") as out:
                        json.dump({"error": str(missing)[:200] or "no coverage.py"}, out)
            code = pytest.main([*job["args"], "--junitxml=" + junit, "--", *job["tests"]],
                               plugins=plugins)
            if cov is not None:
                measured = arcs(cov, job["arcs"])
                with open(job["arcs"]["out"], "w") as out:
                    json.dump(measured, out)
        finally:
            sys.stdout.flush()
            os._exit(int(code) if isinstance(code, int) else 1)
    os.close(write_end)
    streamed = []
    reader = threading.Thread(target=drain, args=(read_end, streamed), daemon=True)
    reader.start()
    running[pid] = (index, job, worker, started, reader, streamed, private, junit, log)


def reap():
    pid, status = os.waitpid(-1, 0)
    if pid not in running:
        return
    index, job, worker, started, reader, streamed, private, junit, log = running.pop(pid)
    if worker is not None:
        free.append(worker)
    reader.join(2.0)  # a process the tests left behind may hold the pipe: not waited for
    result = "timeout" if os.WIFSIGNALED(status) and os.WTERMSIG(status) == signal.SIGALRM \
        else str(os.waitstatus_to_exitcode(status))
    report = packed(junit, job["max_report"], trimmed)
    try:  # the run's own output only where no report says what happened
        with open(log, "rb") as handle:
            handle.seek(max(0, os.fstat(handle.fileno()).st_size - (400 if report else 4000)))
            tail = handle.read().decode(errors="replace")
    except OSError:
        tail = ""
    send({"index": index, "status": result, "seconds": time.monotonic() - started,
          "junit": report, "log": tail, "worker": worker,
          "arcs": packed(job["arcs"]["out"], job["max_arcs"]) if job.get("arcs") else None,
          "streamed": base64.b64encode(zlib.compress(b"".join(list(streamed)))).decode()})
    shutil.rmtree(private, ignore_errors=True)


for index, job in enumerate(jobs):
    if job.get("parallel") and copies:
        while not free:
            reap()
        launch(index, job, free.pop(0))
        continue
    while running:  # a run of its own (the reference, the gates' runs): in the checkout
        reap()
    launch(index, job, None)
    reap()
while running:
    reap()
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
    *, timeout: float, workers: int | None = None,
) -> list[TestRunResult] | None:
    """Every run's result, in order; None when the repository's command is not plain pytest."""
    batch = await run_batch_arcs(sandbox, checkout, config, runs, timeout=timeout,
                                 workers=workers)
    return None if batch is None else batch[0]


COPY_SKIPS = (".git", "node_modules", "__pycache__", ".venv", "venv", ".tox", ".nox",
              ".mypy_cache", ".pytest_cache", ".ruff_cache")
"""Never copied into a worker's copy of the checkout: history, caches and environments (the
interpreter keeps importing its packages from where they are)."""


async def run_batch_arcs(
    sandbox: Sandbox, checkout: Path, config: RepoConfig, runs: Sequence[BatchRun],
    *, timeout: float, workers: int | None = None,
) -> tuple[list[TestRunResult], dict[int, ModuleArcs]] | None:
    """Every run's result, in order, and the arcs of the runs that measured a module (by
    index; a run that timed out or crashed has none); None when the command is not plain
    pytest. Mutant runs go in parallel, `workers` at a time (default: one per core), each
    worker on its own copy of the checkout; the other runs go one at a time in it."""
    if pytest_parts(config) is None:
        return None
    for run in runs:
        for value in (*run.tests, *([run.arcs_of] if run.arcs_of is not None else [])):
            if not value or value.startswith("-"):
                raise ValueError(f"refusing test id or path {value!r}")
    results: list[TestRunResult] = []
    measured: dict[int, ModuleArcs] = {}
    for start in range(0, len(runs), RUNS_PER_CALL):  # each call's records fit its output
        batch = await _one_call(sandbox, checkout, config, runs[start:start + RUNS_PER_CALL],
                                timeout=timeout, workers=workers)
        assert batch is not None
        results += batch[0]
        measured.update({start + index: arcs for index, arcs in batch[1].items()})
    return results, measured


RUNS_PER_CALL = 60
"""Runs in one sandbox call at most: the records of more could outgrow its output cap."""
MAX_STREAMED_BYTES = 1 << 20
"""The outcomes a run streams, at most (the driver keeps no more)."""


async def _one_call(
    sandbox: Sandbox, checkout: Path, config: RepoConfig, runs: Sequence[BatchRun],
    *, timeout: float, workers: int | None,
) -> tuple[list[TestRunResult], dict[int, ModuleArcs]] | None:
    parts = pytest_parts(config)
    if parts is None:
        return None
    extra_env, options = parts
    reports = Path(tempfile.mkdtemp(prefix="smith-batch-", dir=checkout.parent))
    reports.chmod(0o777)
    try:
        jobs = []
        for index, run in enumerate(runs):
            job: dict[str, object] = {
                "args": [*options, "-p", "no:cacheprovider",
                         *(["--collect-only"] if run.collect_only else [])],
                "tests": list(run.tests), "timeout": max(1.0, timeout),
                "max_report": MAX_REPORT_BYTES, "max_arcs": MAX_ARCS_BYTES,
            }
            if run.mutant is not None and run.module is not None:
                source = reports / f"{index}.mutant.py"
                source.write_text(run.mutant)
                source.chmod(0o644)
                job.update(mutant=str(source), module=run.module, mtime=run.mtime,
                           parallel=True)
            if run.arcs_of is not None:
                job["arcs"] = {"module": run.arcs_of}
            jobs.append(job)
        (reports / "jobs.json").write_text(json.dumps(jobs))
        (reports / "driver.py").write_text(DRIVER)
        for name in ("jobs.json", "driver.py"):
            (reports / name).chmod(0o644)
        env, prepend = repo_env(config, checkout)
        env = {**env, **extra_env, "PYTHONDONTWRITEBYTECODE": "1"}
        mutants = sum(run.mutant is not None for run in runs)
        count = max(1, min(workers or len(os.sched_getaffinity(0)), mutants))
        skip = sorted({*COPY_SKIPS, *(PurePosixPath(p).name for p in config.setup.cache_paths)})
        command = shlex.join(["python3", str(reports / "driver.py"), str(reports / "jobs.json"),
                              str(count), *skip])
        result = await sandbox.run(command, cwd=checkout, timeout=timeout * len(runs) + 30,
                                   env=env, path_prepend=prepend, writable=[reports])
    finally:
        shutil.rmtree(reports, ignore_errors=True)
    records = driver_records(result.output, len(runs))
    results = [_read_run(records.get(index), result, checkout) for index in range(len(runs))]
    return results, {index: measured for index, run in enumerate(runs)
                     if run.arcs_of is not None
                     and (measured := _read_arcs(records.get(index))) is not None}


RECORD_MARK = "\x1esmith-batch-result "
"""How the driver's own lines start on its output (the tests never hold that pipe)."""


def driver_records(output: str, count: int) -> dict[int, dict[str, Any]]:
    """The driver's record of each run, by index, from the sandboxed call's output: only the
    driver writes that pipe (each run's tests write a log of their own). A record for a run
    that was not asked for, or a second one for the same run, is refused (the run's record is
    dropped: it judges nothing)."""
    records: dict[int, dict[str, Any]] = {}
    refused: set[int] = set()
    for line in output.split("\n"):  # never splitlines(): it splits at the mark's \x1e
        if not line.startswith(RECORD_MARK):
            continue
        try:
            record = json.loads(line[len(RECORD_MARK):])
        except ValueError:
            continue
        index = record.get("index") if isinstance(record, dict) else None
        if not isinstance(index, int) or isinstance(index, bool) or not 0 <= index < count:
            continue
        if index in records:
            refused.add(index)
        records[index] = record
    return {index: record for index, record in records.items() if index not in refused}


def _unpacked(value: object, cap: int) -> bytes | None:
    if not isinstance(value, str):
        return None
    try:
        data = zlib.decompressobj().decompress(base64.b64decode(value, validate=True), cap + 1)
    except (ValueError, zlib.error):
        return None
    return None if len(data) > cap else data


def _read_arcs(record: dict[str, Any] | None) -> ModuleArcs | None:
    data = _unpacked(record.get("arcs"), MAX_ARCS_BYTES) if record else None
    if data is None:
        return None
    try:
        return parse_arcs(data)
    except ArcsUnreadable:
        return None


def _read_run(
    record: dict[str, Any] | None, result: CommandResult, checkout: Path
) -> TestRunResult:
    status = str(record.get("status", "")) if record else ""
    status = status or ("timeout" if result.timed_out else "missing")
    lost = "" if record or not result.truncated else \
        "the sandbox's output cap dropped this run's record\n"
    common: dict[str, Any] = {
        "output": str(record.get("log", ""))[-OUTPUT_TAIL:] if record else
        lost + _tail(result.output),
        "output_truncated": result.truncated, "command": "pytest batch",
        "duration_seconds": _seconds(record, result), "limit": result.limit}
    if status == "timeout":
        return TestRunResult(status=RunStatus.TIMEOUT, **common)
    exit_code = int(status) if status.lstrip("-").isdigit() else \
        None if record else result.exit_code
    report = _unpacked(record.get("junit"), MAX_REPORT_BYTES) if record else None
    try:
        if report is None:
            raise JUnitParseError("no report")
        cases = _with_file_ids(parse_junit(report), checkout)
    except JUnitParseError:
        return TestRunResult(status=RunStatus.NO_REPORT, exit_code=exit_code, **common)
    assert record is not None
    streamed = _unpacked(record.get("streamed"), MAX_STREAMED_BYTES)
    mismatch = report_mismatch(cases, (streamed or b"").decode(errors="replace"), exit_code)
    if mismatch is not None:
        common["output"] = (f"the JUnit report was refused: {mismatch}\n"
                            + common["output"])[-OUTPUT_TAIL:]
        return TestRunResult(status=RunStatus.NO_REPORT, exit_code=exit_code, **common)
    return TestRunResult(status=RunStatus.COMPLETED, cases=cases, exit_code=exit_code, **common)


def streamed_counts(streamed: str) -> tuple[int, int, int]:
    """(passed, red, skipped) tests of what the run's tests reported as they ran (phase,
    outcome and node id a line; a collector that failed or was skipped counts once)."""
    outcome: dict[str, str] = {}
    for line in streamed.splitlines():
        parts = line.split("\t", 2)
        if len(parts) != 3:
            continue
        when, what, node = parts
        seen = outcome.get(node)
        if what == "failed":
            outcome[node] = "red"
        elif what == "skipped" and seen != "red":
            outcome[node] = "skipped"
        elif what == "passed" and when == "call" and seen is None:
            outcome[node] = "passed"
    values = list(outcome.values())
    return values.count("passed"), values.count("red"), values.count("skipped")


def report_mismatch(cases: Sequence[TestCaseResult], streamed: str,
                    exit_code: int | None) -> str | None:
    """Why a JUnit report does not match what was run, or None. The tests run in the process
    that writes the report, so it is checked against two things they would also have to
    forge: the outcomes streamed to the driver as each test ended, and pytest's exit code (0:
    all green, 1: some test failed)."""
    passed = sum(case.outcome is TestOutcome.PASSED for case in cases)
    skipped = sum(case.outcome is TestOutcome.SKIPPED for case in cases)
    red = len(cases) - passed - skipped
    seen = streamed_counts(streamed)
    if (passed, red, skipped) != seen:
        return (f"it lists {passed} passed, {red} failed, {skipped} skipped; the run reported "
                f"{seen[0]} passed, {seen[1]} failed, {seen[2]} skipped as it ran")
    if exit_code == 0 and red:
        return f"it lists {red} failed test(s), but pytest exited 0"
    if exit_code == 1 and not red:
        return "it lists no failed test, but pytest exited 1 (tests failed)"
    return None


OUTPUT_TAIL = 4000
"""Of the call's output, what a run the driver never reached keeps (why it could not start)."""


def _tail(output: str) -> str:
    return output[-OUTPUT_TAIL:]


def _seconds(record: dict[str, Any] | None, result: CommandResult) -> float:
    """The run's own time as the driver measured it, never more than the whole call's."""
    try:
        seconds = float(record["seconds"]) if record else math.nan
    except (KeyError, TypeError, ValueError):
        return result.duration_seconds
    if not math.isfinite(seconds):
        return result.duration_seconds
    return min(max(seconds, 0.0), result.duration_seconds)

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
Every run the driver starts also has a deadline from outside (`cut_after`): past it, its
process group is killed.

Mutant runs go to fast workers, one per core: a worker collects the tests once and forks a
child per mutant after collection, the mutant's changed functions swapped in memory (their
`__code__`); a mutant it cannot reproduce faithfully (module-level code, a function that ran
during collection) runs as a fresh pytest of its own with the mutant on disk. `select` runs
only some of the collected tests (coverage-guided selection, `chains/tests/selection.py`).

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
from bot.workspace.pytest_driver import DRIVER
from bot.workspace.sandbox import CommandResult, Sandbox
from bot.workspace.testrun import MAX_REPORT_BYTES, _with_file_ids, repo_env

_SHELL_OPERATORS = ("&&", "||", ";", "|", ">", "<", "&", "$(", "`")


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
    select: tuple[str, ...] = ()
    """Of the collected tests, only these node ids run (all when empty or none is found)."""


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
    for start, end in _calls(runs):  # each call's records fit its output
        batch = await _one_call(sandbox, checkout, config, runs[start:end],
                                timeout=timeout, workers=workers)
        assert batch is not None
        results += batch[0]
        measured.update({start + index: arcs for index, arcs in batch[1].items()})
    return results, measured


def _calls(runs: Sequence[BatchRun]) -> list[tuple[int, int]]:
    """(start, end) of each call's runs: at most `RUNS_PER_CALL` runs, a mutant's run
    counting half (its record's failure texts are cut shorter), so fewer calls start the
    sandbox, pytest and the workers' collection again."""
    calls: list[tuple[int, int]] = []
    start, weight = 0, 0
    for index, run in enumerate(runs):
        cost = 1 if run.mutant is not None else 2
        if weight + cost > 2 * RUNS_PER_CALL:
            calls.append((start, index))
            start, weight = index, 0
        weight += cost
    if start < len(runs):
        calls.append((start, len(runs)))
    return calls


FAST_WORKERS = True
"""Mutants go to fast workers (collection once per worker, the mutant swapped in memory in a
child forked after it); off, every mutant is a pytest run of its own."""
_OWN_LOOPS = ("-n", "--numprocesses", "--dist", "-f", "--looponfail", "--forked")
"""Options of plugins that run the tests their own way: no fast workers under them."""

RUNS_PER_CALL = 60
"""Plain runs in one sandbox call at most (a mutant's run weighs half, so up to twice as many
of those: `_calls`): the records of more could outgrow its output cap."""
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
    fast = FAST_WORKERS and not any(word.startswith(_OWN_LOOPS) for word in options)
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
                           parallel=True, fast=fast)
            if run.arcs_of is not None:
                job["arcs"] = {"module": run.arcs_of}
            if run.select:
                job["select"] = list(run.select)
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

"""Many jest runs in one sandbox call, each mutant's outcome told through a channel no test
holds (`node_driver.py`).

The mutation gate runs one test file against up to 30 mutants. A jest start (node, jest's
modules, the sandbox) costs about a second on a loaded 2-core machine; a driver inside the
sandbox requires jest once and calls `runCLI` for each job, without jest's transform cache (a
mutant never meets its original's transform).

No test can forge an outcome. The driver reads every job and mutant before any test runs and
deletes its job file; it runs from an execute-only copy of node (non-dumpable: no test reads
its memory or reopens its output through `/proc`); it keeps each run's results in its memory
and tells them all at the end as one record whose sha256 it prints under the nonce. The tests
never run in the driver's process: a worker memory limit makes jest run even one file in a
worker process (forked from the same execute-only node, a fresh one per job, so nothing a test
patches survives into the next job), worker threads are off, and there are no reporters. The
driver puts each mutant in place itself and refuses a job whose module changed while its tests
ran; the host refuses the whole record when the run changed anything else in the checkout, and
refuses an outcome that does not name the job's test files and mutant. What a test can still do
is fail on purpose in its own run (as when it reads the module and sees a mutant): that is what
the smell gate judges, not the channel.

A sync endless loop in a test holds its worker, not the driver: past its time the driver kills
the job's worker (jest reports the file as crashed) and the job counts as timed out; the jobs
after it run on. Only plain jest commands qualify (`[VAR=value ...] [npx] jest [options] [--]
{tests}`); anything else runs one command per run.
"""

from __future__ import annotations

import hashlib
import os
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from pydantic import BaseModel, Field, ValidationError

from bot.repo_config import RepoConfig
from bot.workspace.node_driver import SAY, DriverRecordError, run_node_driver
from bot.workspace.pytest_batch import plain_words
from bot.workspace.sandbox import Sandbox

_DROPPED = ("--reporters", "--json", "--outputFile", "--coverage", "--watch", "--forceExit",
            "--detectOpenHandles", "--listTests", "--ci", "--silent", "--runInBand", "-i",
            "--cache", "--no-cache", "--watchman", "--randomize", "--seed")
MAX_CALLS = 6
"""Sandbox calls per batch at most (a jest that never comes back from a killed worker costs one
more)."""

DRIVER = r"""
'use strict';
const childProcess = require('child_process');
const crypto = require('crypto');
const fs = require('fs');
const path = require('path');
const [jestBin, jobFile] = process.argv.slice(2);
const job = JSON.parse(fs.readFileSync(jobFile, 'utf8'));
fs.unlinkSync(jobFile);  // the nonce and the mutants now live in this process only
process.execPath = '/proc/self/exe';  // workers start from this node's file, whatever is put at its path
""" + SAY + r"""
const lstat = fs.lstatSync, setTimes = fs.utimesSync;
const fork = childProcess.fork, workers = new Set();  // jest's test processes, to end past their time
childProcess.fork = function (...args) {
  const child = fork.apply(this, args);
  workers.add(child);
  child.once('exit', () => workers.delete(child));
  return child;
};
let buildArgv, runCLI;
try {
  const jestDir = path.dirname(path.dirname(fs.realpathSync(jestBin)));
  const cli = path.dirname(require.resolve('jest-cli/package.json', { paths: [jestDir] }));
  ({ buildArgv } = require(path.join(cli, 'build', 'run.js')));
  ({ runCLI } = require(jestDir));
} catch (error) {
  say({ unavailable: String(error).slice(0, 300) });
}
const stamp = (file) => {
  try {
    const s = lstat(file, { bigint: true });
    return [s.ino, s.size, s.mode, s.mtimeNs, s.ctimeNs].join(':');
  } catch { return 'gone'; }
};
const run = async (spec) => {
  const argv = await buildArgv(spec.args);
  Object.assign(argv, {
    reporters: [], json: false, listTests: false, showConfig: false, watch: false,
    watchAll: false, coverage: false, collectCoverage: false, detectOpenHandles: false,
    runInBand: false, maxWorkers: 1, workerIdleMemoryLimit: '4GB',  // tests in a worker process,
    workerThreads: false,  // never in this one nor in its threads
    cache: false, watchman: false, silent: true, ci: true });
  const { results } = await runCLI(argv, [process.cwd()]);
  const failed = results.numFailedTests + results.numFailedTestSuites
    + results.numRuntimeErrorTestSuites;
  const names = [], ran = [];  // the tests that failed, as jest names them; the files it ran
  for (const file of results.testResults || []) {
    if (ran.length < 100) ran.push(String(file.testFilePath));
    for (const test of file.testResults || [])
      if (test.status === 'failed' && names.length < 100) names.push(String(test.fullName).slice(0, 200));
  }
  return { status: failed ? 'failed' : 'passed', tests: results.numTotalTests,
           passed: results.numPassedTests, failed: names, ran };
};
(async () => {
  const outcomes = [];
  for (const spec of job.jobs) {
    if (spec.mutant !== null) {
      try {
        writeFile(spec.module, spec.mutant);
        setTimes(spec.module, spec.mtime, spec.mtime);
      } catch (error) {
        outcomes.push({ status: 'error', message: `the mutant could not be put in place: ${error}`.slice(0, 300) });
        continue;
      }
    }
    const before = spec.module ? stamp(spec.module) : null;
    const deadline = Date.now() + spec.timeout * 1000;
    let late = false;
    const watchdog = setInterval(() => {  // a test's endless loop holds its worker, not this
      if (Date.now() < deadline) return;
      late = true;
      for (const worker of workers) try { worker.kill('SIGKILL'); } catch {}
    }, 100);
    let giveUp;
    const given = new Promise((done) => { giveUp = setTimeout(() => done(null), (spec.timeout + 30) * 1000); });
    let outcome = await Promise.race([
      run(spec).catch((error) => ({ status: 'error', message: String(error).slice(0, 300) })), given]);
    clearInterval(watchdog);
    clearTimeout(giveUp);
    if (outcome === null) {  // jest never came back: what ran is told, the rest run in a new call
      outcomes.push({ status: 'timeout' });
      say({ outcomes });
    }
    if (late) outcome = { status: 'timeout' };
    if (spec.module && stamp(spec.module) !== before)
      outcome = { status: 'refused', message: `${spec.module} changed while its tests ran, so its outcome is not the mutant's: refused` };
    else if (spec.mutant !== null)
      outcome.module = hash('sha256').update(spec.mutant).digest('hex');
    outcomes.push(outcome);
  }
  say({ outcomes });
})();
"""


@dataclass(frozen=True)
class JestJob:
    """One run of a batch: its test files, and a mutant of `module` to put in place first."""

    tests: tuple[str, ...]
    mutant: str | None = None
    module: str | None = None
    mtime: int = 0


class JestOutcome(BaseModel):
    status: str
    """passed, failed, error (jest could not run), timeout, or refused (the run changed what
    it was measured on, or its outcome does not match what was run)."""
    tests: int = 0
    passed: int = 0
    message: str = ""
    failed: list[str] = Field(default_factory=list, max_length=100)
    """The tests that failed (jest's `fullName`: describe titles and the title)."""

    @property
    def all_passed(self) -> bool:
        return self.status == "passed" and self.tests > 0 and self.passed == self.tests


class ToldOutcome(JestOutcome):
    """One outcome as the driver's record tells it: with the test files jest ran and the sha256
    of the mutant that was in place."""

    ran: list[str] = Field(default_factory=list, max_length=100)
    module: str | None = None


class _Record(BaseModel):
    outcomes: list[ToldOutcome] | None = Field(default=None, max_length=1000)
    unavailable: str | None = None


def jest_parts(config: RepoConfig) -> tuple[dict[str, str], list[str]] | None:
    """(environment words, jest options) of a plain jest command, else None."""
    split = plain_words(config.test_command)
    if split is None:
        return None
    words = split[1]
    env = {name: value for name, value in split[0] if "{" not in value}
    if words[:1] == ["npx"]:
        words = words[1:]
    if not words or Path(words[0]).name != "jest":
        return None
    options = []
    for word in words[1:]:
        if word in ("--", "{tests}"):
            break
        if word.split("=", 1)[0] in _DROPPED or "{" in word:
            continue
        options.append(word)
    if any(o.startswith("--reporters") for o in options):
        return None
    return env, options


async def run_jest_batch(
    sandbox: Sandbox, checkout: Path, config: RepoConfig, jobs: Sequence[JestJob], *,
    timeout: float,
) -> list[JestOutcome] | None:
    """Every job's outcome, in order; None when the command is not plain jest or the driver
    cannot load jest (before any test ran). A record the channel refuses (a run that changed
    the checkout, a driver killed or timed out) makes every job it held `refused`."""
    parts = jest_parts(config)
    if parts is None:
        return None
    for job in jobs:
        for value in job.tests:
            if not value or value.startswith("-"):
                raise ValueError(f"refusing test path {value!r}")
    outcomes: list[JestOutcome | None] = [None] * len(jobs)
    for _ in range(MAX_CALLS):
        todo = [index for index, outcome in enumerate(outcomes) if outcome is None]
        if not todo:
            break
        try:
            told = await _call(sandbox, checkout, config, parts, [jobs[i] for i in todo],
                               timeout=timeout)
        except DriverRecordError as exc:
            refused = JestOutcome(status="refused", message=str(exc)[:300])
            for index in todo:
                outcomes[index] = refused
            break
        if told is None:
            if len(todo) == len(jobs):
                return None  # jest could not be loaded this way: one command per run instead
            break
        for index, outcome in zip(todo, told, strict=False):
            outcomes[index] = outcome
        if not told:
            break
    return [o or JestOutcome(status="error", message="never ran") for o in outcomes]


async def _call(sandbox: Sandbox, checkout: Path, config: RepoConfig,
                parts: tuple[dict[str, str], list[str]], jobs: Sequence[JestJob], *,
                timeout: float) -> list[JestOutcome] | None:
    """One driver call over `jobs`: the outcomes it told, in order (fewer when jest never came
    back from a job), each checked against its job; None when jest could not be loaded."""
    env, options = parts
    specs = [{"args": [*options, "--runTestsByPath", "--", *job.tests],
              "timeout": max(1, int(timeout)), "module": job.module,
              "mutant": job.mutant if job.module is not None else None, "mtime": job.mtime}
             for job in jobs]
    record = await run_node_driver(
        sandbox, checkout, config, runner="jest", what="mutation outcome",
        driver=("driver.cjs", DRIVER), job={"jobs": specs}, extra={}, env=env,
        timeout=timeout * len(jobs) + 30,
        moving={job.module for job in jobs if job.module is not None})
    try:
        told = _Record.model_validate_json(record)
    except ValidationError as exc:
        raise DriverRecordError("jest's mutation outcome record is malformed: refused") from exc
    if told.unavailable is not None:
        return None
    if told.outcomes is None or len(told.outcomes) > len(jobs):
        raise DriverRecordError("jest's mutation outcome record is malformed: refused")
    return [check_outcome(outcome, job, checkout) for outcome, job in zip(told.outcomes, jobs,
                                                                     strict=False)]


def check_outcome(told: ToldOutcome, job: JestJob, checkout: Path) -> JestOutcome:
    """The outcome, when it names what the job ran: its test files, and its mutant in place;
    else refused."""
    outcome = JestOutcome.model_validate(told.model_dump(exclude={"ran", "module"}))
    if outcome.status not in ("passed", "failed"):
        return outcome
    wanted = {os.path.realpath(checkout / test) for test in job.tests}
    ran = {os.path.realpath(path) for path in told.ran}
    mutant = hashlib.sha256(job.mutant.encode()).hexdigest() \
        if job.mutant is not None and job.module is not None else None
    if ran != wanted or told.module != mutant:
        return JestOutcome(status="refused", message="the outcome does not name the test files "
                           "and the mutant that were run: refused")
    return outcome

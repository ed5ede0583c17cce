"""Many jest runs in one sandbox call, each mutant's outcome told through a channel no test
holds (`node_driver.py`).

The mutation gate runs one test file against up to 30 mutants. A jest start (node, jest's
modules, the sandbox) costs about a second on a loaded 2-core machine, a run of a small file in
an already started jest a fifth of that. So jest runs in band in one process of its own, the
runner, that loads it once and calls `runCLI` for each job without jest's transform cache (a
mutant never meets its original's transform); jest's module registry is fresh per run.

No test can reach an outcome beyond the runs it is in. The tests run in the runner, never in
the driver that started it: the driver reads every job and mutant before any test runs and
deletes its job file, runs from an execute-only copy of node (non-dumpable: no test reads its
memory or reopens its output through `/proc`; the runner is started from the same file and
its output goes nowhere), puts each mutant in place itself, takes the runner's answer for each
job into its memory and tells them all at the end as one record whose sha256 it prints under
the nonce. It refuses a job whose module changed while its tests ran; the host refuses the
whole record when the run changed anything else in the checkout, and an outcome that does not
name the job's test files and mutant. A test can still make the runner lie about the runs it
is in (it shares that process, as a test shares its JUnit reporter's): that is why the caller
runs the original module among the mutants several times, at places no test can know
(`js_mutation.control_places`), and trusts no outcome unless the original survives its own
tests at every one; a test that lies on some of its runs escapes only with the odds given
there. A test that tells the original from a mutant by reading the module can fail on every
mutant in any design: the smell gate and the Reviewer judge that, not the channel.

The runner runs one job at a time (it queues what it is sent, so a test's early `process.send`
cannot start the next) and tags each answer with the job's id; the driver takes an answer only
from the runner the job went to and with that id, and drops a runner it killed at once, so no
late answer or exit of a dead runner answers another job.

A sync endless loop in a test holds the runner, not the driver: past its time the driver kills
the runner, the job counts as timed out, and the next job gets a new runner. Only plain jest
commands qualify (`[VAR=value ...] [npx] jest [options] [--] {tests}`); anything else runs one
command per run.
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

RUNNER = r"""
'use strict';
const fs = require('fs');
const path = require('path');
const jestBin = process.argv[process.argv.length - 1];
let buildArgv, runCLI;
try {
  const jestDir = path.dirname(path.dirname(fs.realpathSync(jestBin)));
  const cli = path.dirname(require.resolve('jest-cli/package.json', { paths: [jestDir] }));
  ({ buildArgv } = require(path.join(cli, 'build', 'run.js')));
  ({ runCLI } = require(jestDir));
} catch (error) {
  process.send({ unavailable: String(error).slice(0, 300) });
  process.exit(0);
}
let queue = Promise.resolve();  // one runCLI at a time, whenever a message comes
process.on('message', (spec) => { queue = queue.then(() => run(spec)); });
const run = async (spec) => {
  let outcome;
  try {
    const argv = await buildArgv(spec.args);
    Object.assign(argv, {
      reporters: [], json: false, listTests: false, showConfig: false, watch: false,
      watchAll: false, coverage: false, collectCoverage: false, detectOpenHandles: false,
      runInBand: true, cache: false, watchman: false, silent: true, ci: true });
    const { results } = await runCLI(argv, [process.cwd()]);
    const failed = results.numFailedTests + results.numFailedTestSuites
      + results.numRuntimeErrorTestSuites;
    const names = [], ran = [];  // the tests that failed, as jest names them; the files it ran
    for (const file of results.testResults || []) {
      ran.push(String(file.testFilePath));
      for (const test of file.testResults || [])
        if (test.status === 'failed') names.push(String(test.fullName));
    }
    outcome = { status: failed ? 'failed' : 'passed', tests: results.numTotalTests,
                passed: results.numPassedTests, failed: names, ran };
  } catch (error) {
    outcome = { status: 'error', message: String(error) };
  }
  process.send({ ...outcome, id: spec.id });  // the job it answers: a test's early send has none
};
process.send({ ready: true });
"""
"""The process jest runs in, in band, started by the driver: it loads jest once and answers
each job (its command words) with what `runCLI` said. The tests run here, never in the driver:
what they patch here can reach the later jobs of the call, not the driver or its record."""

DRIVER = r"""
'use strict';
const childProcess = require('child_process');
const crypto = require('crypto');
const fs = require('fs');
const [jestBin, jobFile] = process.argv.slice(2);
const job = JSON.parse(fs.readFileSync(jobFile, 'utf8'));
fs.unlinkSync(jobFile);  // the nonce and the mutants now live in this process only
""" + SAY + r"""
const lstat = fs.lstatSync, setTimes = fs.utimesSync, spawn = childProcess.spawn;
const RUNNER = job.runner;
const text = (value, size) => String(value).slice(0, size);
const count = (value) => (Number.isSafeInteger(value) && value >= 0 ? value : 0);
const told = (answer) => ({  // what the runner said, in the record's shape and size
  status: ['passed', 'failed'].includes(answer.status) ? answer.status : 'error',
  tests: count(answer.tests), passed: count(answer.passed),
  failed: (Array.isArray(answer.failed) ? answer.failed : []).slice(0, 100).map((n) => text(n, 200)),
  ran: (Array.isArray(answer.ran) ? answer.ran : []).slice(0, 100).map((n) => text(n, 4096)),
  message: text(answer.message || '', 300) });
let runner = null, waiting = null;  // waiting: the job sent, its child and its id
const answer = (child, id, value) => {  // only from the child the job went to, for that job
  if (!waiting || waiting.child !== child || (id !== null && id !== waiting.id)) return;
  const { done } = waiting;
  waiting = null;
  done(value);
};
const start = () => new Promise((done) => {  // from this execute-only node: as out of reach
  const child = spawn('/proc/self/exe', ['-e', RUNNER, jestBin],
                      { stdio: ['ignore', 'ignore', 'ignore', 'ipc'], serialization: 'json' });
  const gone = (code, signal) => {
    if (runner === child) runner = null;
    answer(child, null, { status: 'error', message: `jest's process ended (${signal || code})` });
    done({ unavailable: `jest's process ended before it was ready (${signal || code})` });
  };
  child.once('exit', gone);
  child.once('error', (error) => gone(String(error), null));
  let ready = false;
  child.on('message', (message) => {
    if (message && message.ready && !ready) { ready = true; runner = child; done(null); }
    else if (message && message.unavailable) done({ unavailable: text(message.unavailable, 300) });
    else if (message && Number.isSafeInteger(message.id)) answer(child, message.id, message);
  });
});
const finish = (record) => {
  if (runner) try { runner.kill('SIGKILL'); } catch {}
  say(record);
};
const stamp = (file) => {
  try {
    const s = lstat(file, { bigint: true });
    return [s.ino, s.size, s.mode, s.mtimeNs, s.ctimeNs].join(':');
  } catch { return 'gone'; }
};
(async () => {
  const outcomes = [];
  for (const [id, spec] of job.jobs.entries()) {
    if (!runner) {
      const failed = await start();
      if (failed) {
        if (!outcomes.length) finish(failed);  // jest could not be loaded this way
        outcomes.push({ status: 'error', message: failed.unavailable });
        continue;
      }
    }
    if (spec.mutant !== null) {
      try {
        writeFile(spec.module, spec.mutant);
        setTimes(spec.module, spec.mtime, spec.mtime);
      } catch (error) {
        outcomes.push({ status: 'error', message: text(`the mutant could not be put in place: ${error}`, 300) });
        continue;
      }
    }
    const before = spec.module ? stamp(spec.module) : null;
    const ran = runner;
    const asked = new Promise((done) => { waiting = { done, child: ran, id }; });
    ran.send({ args: spec.args, id });
    let late = false;
    const watchdog = setTimeout(() => {  // a test's endless loop holds the runner, not this
      late = true;
      if (runner === ran) runner = null;  // the next job gets a new one; this one's words are void
      try { ran.kill('SIGKILL'); } catch {}
    }, spec.timeout * 1000);
    let outcome = told(await asked);
    clearTimeout(watchdog);
    if (late) outcome = { status: 'timeout' };
    if (spec.module && stamp(spec.module) !== before)
      outcome = { status: 'refused', message: `${spec.module} changed while its tests ran, so its outcome is not the mutant's: refused` };
    else if (spec.mutant !== null)
      outcome.module = hash('sha256').update(spec.mutant).digest('hex');
    outcomes.push(outcome);
  }
  finish({ outcomes });
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
    try:
        told = await _call(sandbox, checkout, config, parts, jobs, timeout=timeout)
    except DriverRecordError as exc:
        return [JestOutcome(status="refused", message=str(exc)[:300]) for _ in jobs]
    if told is None:
        return None  # jest could not be loaded this way: one command per run instead
    return told


async def _call(sandbox: Sandbox, checkout: Path, config: RepoConfig,
                parts: tuple[dict[str, str], list[str]], jobs: Sequence[JestJob], *,
                timeout: float) -> list[JestOutcome] | None:
    """One driver call over `jobs`: the outcome of each, in order (the driver tells one per
    job: a job whose runner died or timed out is told as such, the next gets a new runner),
    each checked against its job; None when jest could not be loaded."""
    env, options = parts
    specs = [{"args": [*options, "--runTestsByPath", "--", *job.tests],
              "timeout": max(1, int(timeout)), "module": job.module,
              "mutant": job.mutant if job.module is not None else None, "mtime": job.mtime}
             for job in jobs]
    record = await run_node_driver(
        sandbox, checkout, config, runner="jest", what="mutation outcome",
        driver=("driver.cjs", DRIVER), job={"jobs": specs, "runner": RUNNER}, extra={}, env=env,
        timeout=(timeout + 5) * len(jobs) + 30,  # a new runner after each timed-out job
        moving={job.module for job in jobs if job.module is not None})
    try:
        told = _Record.model_validate_json(record)
    except ValidationError as exc:
        raise DriverRecordError("jest's mutation outcome record is malformed: refused") from exc
    if told.unavailable is not None:
        return None
    if told.outcomes is None or len(told.outcomes) != len(jobs):
        raise DriverRecordError("jest's mutation outcome record is malformed: refused")
    return [check_outcome(outcome, job, checkout) for outcome, job in zip(told.outcomes, jobs,
                                                                     strict=True)]


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

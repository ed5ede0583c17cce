"""Many jest runs in one sandbox call: jest is loaded once, `runCLI` runs again per mutant.

The mutation gate runs one test file against up to 30 mutants. A jest start (node, jest's
modules, the sandbox) costs about a second on a loaded 2-core machine, a run of a small file in
an already started jest a fifth of that. A driver inside the sandbox requires jest once and
calls `runCLI` for each job, in band, without jest's transform cache (a mutant never meets its
original's transform); jest's module registry is fresh per run. A sync endless loop cannot be
interrupted from the event loop, so a watchdog thread kills the process when a job passes its
time: that job counts as timed out and the jobs after it run in a new call. Only plain jest
commands qualify (`[VAR=value ...] [npx] jest [options] [--] {tests}`); anything else runs one
command per run.
"""

from __future__ import annotations

import json
import shlex
import shutil
import tempfile
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from pydantic import BaseModel, Field

from bot.repo_config import RepoConfig
from bot.workspace.pytest_batch import plain_words
from bot.workspace.safe_fs import read_beneath, write_beneath
from bot.workspace.sandbox import Sandbox
from bot.workspace.testrun import repo_env

_DROPPED = ("--reporters", "--json", "--outputFile", "--coverage", "--watch", "--forceExit",
            "--detectOpenHandles", "--listTests", "--ci", "--silent", "--runInBand", "-i",
            "--cache", "--no-cache", "--watchman", "--randomize", "--seed")
MAX_CALLS = 6
"""Sandbox calls per batch at most (each timed-out job costs one more)."""

DRIVER = r"""
const fs = require('fs');
const path = require('path');
const { Worker } = require('worker_threads');
const [jestBin, jobsFile, reporter] = process.argv.slice(2);
const jobs = JSON.parse(fs.readFileSync(jobsFile, 'utf8'));
const jestDir = path.dirname(path.dirname(fs.realpathSync(jestBin)));
const cliDir = path.dirname(require.resolve('jest-cli/package.json', { paths: [jestDir] }));
const { buildArgv } = require(path.join(cliDir, 'build', 'run.js'));
const { runCLI } = require(jestDir);
console.log('smith-jest-ready');
const started = Date.now();
const shared = new Int32Array(new SharedArrayBuffer(8));
const watchdog = new Worker(`
  const { workerData } = require('worker_threads');
  const fs = require('fs');
  const s = workerData.shared;
  setInterval(() => {
    const job = Atomics.load(s, 0);
    if (job > 0 && (Date.now() - workerData.started) / 1000 > Atomics.load(s, 1)) {
      fs.writeFileSync(workerData.statusFiles[job - 1], JSON.stringify({ status: 'timeout' }));
      process.kill(process.pid, 'SIGKILL');
    }
  }, 100);
`, { eval: true, workerData: { shared, started, statusFiles: jobs.map((j) => j.status) } });
watchdog.unref();
(async () => {
  for (let index = 0; index < jobs.length; index++) {
    const job = jobs[index];
    if (fs.existsSync(job.status)) continue;
    if (job.mutant) {
      fs.copyFileSync(job.mutant, job.module);
      fs.utimesSync(job.module, job.mtime, job.mtime);
    }
    Atomics.store(shared, 1, Math.ceil((Date.now() - started) / 1000 + job.timeout));
    Atomics.store(shared, 0, index + 1);
    let result;
    try {
      const argv = await buildArgv([...job.args, `--reporters=${reporter}`]);
      const { results } = await runCLI(argv, [process.cwd()]);
      const failed = results.numFailedTests + results.numFailedTestSuites
        + results.numRuntimeErrorTestSuites;
      const names = [];  // the tests that failed, as jest names them (describe titles, title)
      for (const file of results.testResults || [])
        for (const test of file.testResults || [])
          if (test.status === 'failed' && names.length < 100) names.push(String(test.fullName).slice(0, 200));
      result = { status: failed ? 'failed' : 'passed', tests: results.numTotalTests,
                 passed: results.numPassedTests, failed: names };
    } catch (error) {
      result = { status: 'error', message: String(error).slice(0, 300) };
    }
    Atomics.store(shared, 0, 0);
    fs.writeFileSync(job.status, JSON.stringify(result));
  }
  process.exit(0);
})();
"""
READY = "smith-jest-ready"
REPORTER = "module.exports = class Quiet { onRunComplete() {} };\n"


@dataclass(frozen=True)
class JestJob:
    """One run of a batch: its test files, and a mutant of `module` to put in place first."""

    tests: tuple[str, ...]
    mutant: str | None = None
    module: str | None = None
    mtime: int = 0


class JestOutcome(BaseModel):
    status: str
    """passed, failed, error (jest could not run) or timeout."""
    tests: int = 0
    passed: int = 0
    message: str = ""
    failed: list[str] = Field(default_factory=list, max_length=100)
    """The tests that failed (jest's `fullName`: describe titles and the title)."""

    @property
    def all_passed(self) -> bool:
        return self.status == "passed" and self.tests > 0 and self.passed == self.tests


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
    """Every job's outcome, in order; None when the command is not plain jest."""
    parts = jest_parts(config)
    if parts is None:
        return None
    extra_env, options = parts
    for job in jobs:
        for value in job.tests:
            if not value or value.startswith("-"):
                raise ValueError(f"refusing test path {value!r}")
    folder = Path(tempfile.mkdtemp(prefix="smith-jest-", dir=checkout.parent))
    folder.chmod(0o777)
    try:
        specs = []
        for index, job in enumerate(jobs):
            spec: dict[str, object] = {
                "args": [*options, "--ci", "--runInBand", "--silent", "--cache=false",
                         "--watchman=false", "--runTestsByPath", "--", *job.tests],
                "status": str(folder / f"{index}.json"), "timeout": max(1, int(timeout)),
            }
            if job.mutant is not None and job.module is not None:
                source = folder / f"{index}.mutant"
                source.write_text(job.mutant)
                source.chmod(0o644)
                spec.update(mutant=str(source), module=job.module, mtime=job.mtime)
            specs.append(spec)
        for name, text in (("jobs.json", json.dumps(specs)), ("driver.js", DRIVER),
                           ("quiet-reporter.js", REPORTER)):
            (folder / name).write_text(text)
            (folder / name).chmod(0o644)
        env, prepend = repo_env(config, checkout)
        env = {**env, **extra_env}
        command = ('node {driver} "$(command -v jest)" {jobs} {reporter}'.format(
            driver=shlex.quote(str(folder / "driver.js")),
            jobs=shlex.quote(str(folder / "jobs.json")),
            reporter=shlex.quote(str(folder / "quiet-reporter.js"))))
        outcomes: list[JestOutcome | None] = [None] * len(jobs)
        for _ in range(MAX_CALLS):
            result = await sandbox.run(command, cwd=checkout, timeout=timeout * len(jobs) + 30,
                                       env=env, path_prepend=prepend, writable=[folder])
            if READY not in result.output and not result.timed_out:
                return None  # jest could not be loaded this way: one command per run instead
            for index in range(len(jobs)):
                if outcomes[index] is None:
                    outcomes[index] = _read(folder, index)
            missing = [i for i, o in enumerate(outcomes) if o is None]
            if not missing:
                break
            if result.timed_out or result.exit_code != 0:
                # the job that was running when the call died never wrote its outcome
                outcomes[missing[0]] = JestOutcome(status="timeout" if result.timed_out
                                                   else "error", message=result.output[-300:])
                _mark(folder, missing[0], outcomes[missing[0]])
        return [o or JestOutcome(status="error", message="never ran") for o in outcomes]
    finally:
        shutil.rmtree(folder, ignore_errors=True)


def _read(folder: Path, index: int) -> JestOutcome | None:
    try:
        raw = read_beneath(folder, f"{index}.json", max_bytes=64 << 10, single_link=True)
        return JestOutcome.model_validate_json(raw)
    except (OSError, ValueError):
        return None


def _mark(folder: Path, index: int, outcome: JestOutcome | None) -> None:
    """Tell the next call's driver this job is done (it skips jobs with an outcome file)."""
    if outcome is not None:  # the sandbox wrote this folder: never through its links
        write_beneath(folder, f"{index}.json", outcome.model_dump_json().encode())

"""A jest suite's branch coverage, measured by jest itself and told to the host through a channel
the tests do not hold (`node_coverage.py`: the record, its nonce, the host's checks).

`jest --coverage --coverageReporters=json-summary` leaves `coverage-summary.json` in a folder
the suite's own processes can write, so a generated test could forge the figures a campaign and
its gate report. Instead a node driver loads jest's programmatic API (`runCLI`; the project's
jest first, else the one beside the jest on PATH), parses the repository's own command words
with jest's own `buildArgv` and runs them with coverage on, istanbul's `none` reporter (nothing
written anywhere) and no reporters of the repository's. It reads `results.coverageMap` in its
own memory and gives it as its one record. A worker memory limit makes jest run the tests in
worker processes, never in the driver's (jest would run a small suite in band), and
`workerThreads` is forced off (worker threads would share the driver's memory), so no test
shares the driver's memory (the nonce) or output; the transform cache is off, so no earlier run
can leave a forged transform behind. A test still runs in the process that instruments it, so it
can lie about what it executed, as in Python. What the repository's jest configuration names
(`globalSetup`, `testResultsProcessor`, transforms) runs in the driver: it is the repository's
own, trusted as its suite is; what the threat model covers is a generated test file, which
the Writer writes and these cannot be.
"""

from __future__ import annotations

from pathlib import Path

from bot.repo_config import RepoConfig
from bot.workspace.node_coverage import RunnerCoverageError, plain_runner_words, run_driver
from bot.workspace.node_driver import SAY
from bot.workspace.sandbox import Sandbox

DRIVER = r"""
'use strict';
const crypto = require('crypto');
const fs = require('fs');
const path = require('path');
const { createRequire } = require('module');
const [jestBin, jobFile] = process.argv.slice(2);
const job = JSON.parse(fs.readFileSync(jobFile, 'utf8'));
fs.unlinkSync(jobFile);  // the nonce now lives in this process only
process.execPath = '/proc/self/exe';  // workers start from this node's file, whatever is put at its path
""" + SAY + r"""
const found = [];  // the project's jest first, else the one beside the jest on PATH
try { found.push(path.dirname(createRequire(path.join(process.cwd(), 'package.json')).resolve('jest/package.json'))); } catch {}
try { found.push(path.dirname(path.dirname(fs.realpathSync(jestBin)))); } catch {}
const jestDir = found.find((dir) => fs.existsSync(path.join(dir, 'package.json')));
if (!jestDir) say({ error: 'no jest in the project nor on PATH' });
(async () => {
  let results;
  try {
    const cli = path.dirname(require.resolve('jest-cli/package.json', { paths: [jestDir] }));
    const { buildArgv } = require(path.join(cli, 'build', 'run.js'));
    const { runCLI } = require(jestDir);
    const argv = await buildArgv(job.args);
    Object.assign(argv, {
      coverage: true, collectCoverage: true, coverageReporters: ['none'],
      coverageDirectory: job.reports, collectCoverageFrom: job.collect,
      reporters: [], json: false, listTests: false, showConfig: false,
      watch: false, watchAll: false, runInBand: false, detectOpenHandles: false,
      workerIdleMemoryLimit: '4GB', workerThreads: false,  // tests in child processes, never threads of this one
      cache: false, passWithNoTests: true, ci: true });
    const projects = argv.projects && argv.projects.length ? argv.projects : [process.cwd()];
    ({ results } = await runCLI(argv, projects));
  } catch (error) {
    say({ error: String(error).slice(0, 300) });
  }
  const map = results && results.coverageMap;
  if (!map) say({ error: 'jest measured no coverage' });
  const files = {};
  for (const file of map.files()) {
    const b = map.fileCoverageFor(file).toSummary().branches;
    files[file] = [b.covered, b.total];
  }
  say({ files });
})();
"""


def jest_words(config: RepoConfig) -> tuple[dict[str, str], list[str]] | None:
    """(environment words, jest's command-line words) of a plain jest regression command, its
    placeholder words (`{junit}`, `{tests}`) left out; None for any other command. The driver
    overrides what would write files, print reports or watch."""
    return plain_runner_words(config.regression_command, "jest")


async def measure_jest(sandbox: Sandbox, checkout: Path, config: RepoConfig, *,
                       sources: tuple[str, ...], timeout: float) -> dict[str, tuple[int, int]]:
    """Per source file (checkout-relative, its name ending in one of `sources`): (covered
    branches, branches) of the suite, untested files at 0 (every source file collected, outside
    `node_modules` and `coverage`)."""
    parts = jest_words(config)
    if parts is None:
        raise RunnerCoverageError(
            "the test command is not a plain jest command (`[VAR=value] [npx] jest [options]`, "
            "no shell operators), so its coverage cannot be measured where the tests cannot "
            "forge it; set `regression.command` to one")
    env, args = parts
    collect = [*(f"**/*{suffix}" for suffix in sources), "!**/node_modules/**", "!**/coverage/**"]
    return await run_driver(sandbox, checkout, config, runner="jest",
                            driver=("driver.cjs", DRIVER),
                            job={"args": args, "collect": collect}, extra={}, env=env,
                            sources=sources,
                            timeout=timeout)

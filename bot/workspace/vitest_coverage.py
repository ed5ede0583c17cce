"""A vitest suite's branch coverage, run for real with `@vitest/coverage-v8`, told to the host
through a channel the tests do not hold (`node_coverage.py`: the record, its nonce, the host's
checks).

A node driver loads vitest's Node API (`parseCLI`, `startVitest`) and runs the repository's own
command words with coverage on, under a provider module of ours that wraps
`@vitest/coverage-v8`: the per-worker results are kept in the main process's memory (not in
vitest's `.tmp` folder), and the final coverage map never goes to a reporter file: the
provider's `reportCoverage` hands it to the driver, which gives it as its one record. Tests run
in forked workers (`pool: forks`) whose output vitest relays. A test still runs in the process
that measures its own coverage, so it can lie about what it executed, as in Python.

The provider comes from the project (its `node_modules`) when it has one, else from beside the
vitest that runs (a tools folder on PATH), so both layouts work.
"""

from __future__ import annotations

from pathlib import Path

from bot.repo_config import RepoConfig
from bot.workspace.node_coverage import RunnerCoverageError, plain_runner_words, run_driver
from bot.workspace.node_driver import SAY
from bot.workspace.sandbox import Sandbox

_DROPPED = ("--reporter", "--outputFile", "--coverage", "--watch", "--ui", "--open",
            "--pool", "--project-api", "--api", "--browser", "--silent")


DRIVER = r"""
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
const [vitestBin, jobFile, providerFile] = process.argv.slice(2);
const job = JSON.parse(fs.readFileSync(jobFile, 'utf8'));
fs.unlinkSync(jobFile);  // the nonce now lives in this process only
process.execPath = '/proc/self/exe';  // workers start from this node's file, whatever is put at its path
""" + SAY + r"""
let vitestDir = path.dirname(fs.realpathSync(vitestBin));
while (!fs.existsSync(path.join(vitestDir, 'dist', 'node.js')) && path.dirname(vitestDir) !== vitestDir)
  vitestDir = path.dirname(vitestDir);
let v8;
for (const from of [path.join(process.cwd(), 'package.json'), path.join(vitestDir, 'package.json')]) {
  try { v8 = createRequire(from).resolve('@vitest/coverage-v8'); break; } catch {}
}
if (!v8) { say({ error: 'no @vitest/coverage-v8 next to the project or to vitest' }); process.exit(0); }
fs.writeFileSync(providerFile, fs.readFileSync(providerFile, 'utf8').replace('__V8__', JSON.stringify(pathToFileURL(v8).href)));
const api = await import(pathToFileURL(path.join(vitestDir, 'dist', 'node.js')).href);
const { options } = api.parseCLI(['vitest', ...job.args]);  // filters parsed apart, unused
const key = Symbol.for('smith.coverage');
globalThis[key] = null;
let vitest;
try {
  vitest = await api.startVitest('test', [], {  // no filter: the whole suite is measured
    ...options, watch: false, run: true, pool: 'forks', reporters: ['dot'], passWithNoTests: true,
    coverage: { ...(options.coverage || {}), enabled: true, provider: 'custom',
                customProviderModule: providerFile, all: true, reporter: [],
                reportOnFailure: true, reportsDirectory: job.reports, clean: true,
                thresholds: undefined },
  });
  await vitest?.close();
} catch (error) {
  say({ error: String(error).slice(0, 300) });
  process.exit(0);
}
say(globalThis[key] ? { files: globalThis[key] } : { error: 'vitest measured no coverage' });
process.exit(0);
"""

PROVIDER = r"""
import v8 from __V8__;
const key = Symbol.for('smith.coverage');
export default {
  ...v8,
  async getProvider() {
    const provider = await v8.getProvider();
    const kept = new Map();  // project → mode → test files → coverage, in this process only
    provider.onAfterSuiteRun = ({ coverage, transformMode, projectName, testFiles }) => {
      if (!coverage) return;
      const project = projectName || '';
      if (!kept.has(project)) kept.set(project, { web: {}, ssr: {}, browser: {} });
      kept.get(project)[transformMode][testFiles.join()] = coverage;
    };
    provider.readCoverageFiles = async ({ onFileRead, onFinished }) => {
      for (const [project, modes] of kept) {
        for (const [mode, byFiles] of Object.entries(modes)) {
          for (const coverage of Object.values(byFiles)) onFileRead(coverage);
          await onFinished(provider.ctx.getProjectByName(project), mode);
        }
      }
    };
    provider.reportCoverage = async (map) => {
      const files = {};
      for (const file of map.files()) {
        const b = map.fileCoverageFor(file).toSummary().branches;
        files[file] = [b.covered, b.total];
      }
      globalThis[key] = files;
    };
    return provider;
  },
};
"""


def vitest_words(config: RepoConfig) -> tuple[dict[str, str], list[str]] | None:
    """(environment words, vitest CLI words after `vitest`) of a plain vitest command, without
    `run`, its reporters, watch and coverage options; an option's separate value stays with it
    (`--config vitest.unit.mts`), and vitest's own parser tells filters apart (the driver
    measures the whole suite); None for any other command."""
    split = plain_runner_words(config.regression_command, "vitest")
    if split is None:
        return None
    env, words = split
    kept: list[str] = []
    skip_value = False
    for word in words:
        if skip_value:
            skip_value = False
            continue
        if word in ("run", "--"):
            continue
        name = word.split("=", 1)[0]
        if name.startswith(_DROPPED):
            skip_value = "=" not in word and name in ("--reporter", "--outputFile", "--pool")
            continue
        kept.append(word)  # an option, its value, or a filter (the driver measures all)
    return env, kept


async def measure_vitest(sandbox: Sandbox, checkout: Path, config: RepoConfig, *,
                         sources: tuple[str, ...], timeout: float) -> dict[str, tuple[int, int]]:
    """Per source file (checkout-relative, its name ending in one of `sources`): (covered
    branches, branches) of the whole suite, untested files at 0 (`coverage.all`)."""
    parts = vitest_words(config)
    if parts is None:
        raise RunnerCoverageError("the test command is not a plain vitest command "
                                  "(`[VAR=value] [npx] vitest [run] [options]`)")
    env, args = parts
    return await run_driver(sandbox, checkout, config, runner="vitest",
                            driver=("driver.mjs", DRIVER), job={"args": args},
                            extra={"provider.mjs": PROVIDER}, env=env, sources=sources,
                            timeout=timeout)

"""A vitest suite's branch coverage, run for real with `@vitest/coverage-v8`, told to the host
through a channel the tests do not hold.

A coverage report written to a folder is a file any test of the suite can overwrite (every
process of the sandbox call runs as one user). So a node driver loads vitest's Node API
(`parseCLI`, `startVitest`) and runs the repository's own command words with coverage on,
under a provider module of ours that wraps `@vitest/coverage-v8`: the per-worker results are
kept in the main process's memory (not in vitest's `.tmp` folder), and the final coverage map
never goes to a reporter file: the provider's `reportCoverage` turns it into one record,
`<nonce> <json>`, printed on the driver's stdout. The nonce is read from a job file the driver
deletes before vitest starts, so a test (which runs in a forked worker, `pool: forks`, whose
output vitest relays) cannot print a record the host would take: the host takes the one line
that starts with the nonce, once, and refuses paths outside the checkout. A test still runs in
the process that measures its own coverage, so it can lie about what it executed, as in Python.

The provider comes from the project (its `node_modules`) when it has one, else from beside the
vitest that runs (a tools folder on PATH), so both layouts work.
"""

from __future__ import annotations

import json
import secrets
import shlex
import shutil
import tempfile
from pathlib import Path, PurePosixPath

from bot.repo_config import RepoConfig
from bot.workspace.pytest_batch import plain_words
from bot.workspace.sandbox import Sandbox
from bot.workspace.testrun import repo_env

MAX_FILES = 20000
"""Files a record may name, at most."""

_DROPPED = ("--reporter", "--outputFile", "--coverage", "--watch", "--ui", "--open",
            "--pool", "--project-api", "--api", "--browser", "--silent")


class VitestCoverageError(RuntimeError):
    """The suite could not be measured: the command is not plain vitest, the provider is
    missing, the run broke or its record was missing or malformed."""


DRIVER = r"""
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
const [vitestBin, jobFile, providerFile] = process.argv.slice(2);
const job = JSON.parse(fs.readFileSync(jobFile, 'utf8'));
fs.unlinkSync(jobFile);  // the nonce now lives in this process only
const say = (record) => process.stdout.write('\n' + job.nonce + ' ' + JSON.stringify(record) + '\n');
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
const { filter, options } = api.parseCLI(['vitest', ...job.args]);
const key = Symbol.for('smith.coverage');
globalThis[key] = null;
let vitest;
try {
  vitest = await api.startVitest('test', filter, {
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
    its reporters, test ids, watch and coverage options; None for any other command."""
    split = plain_words(config.regression_command)
    if split is None:
        return None
    env = {name: value for name, value in split[0] if "{" not in value}
    words = split[1]
    if words[:1] == ["npx"]:
        words = words[1:]
    if not words or not PurePosixPath(words[0]).name.startswith("vitest"):
        return None
    kept: list[str] = []
    skip_value = False
    for word in words[1:]:
        if skip_value:
            skip_value = False
            continue
        if word in ("run", "--", "{tests}") or "{" in word:
            continue
        name = word.split("=", 1)[0]
        if name.startswith(_DROPPED):
            skip_value = "=" not in word and name in ("--reporter", "--outputFile", "--pool")
            continue
        if not word.startswith("-"):
            continue  # a filter of the repository's command: the whole suite is measured
        kept.append(word)
    return env, kept


async def measure_vitest(sandbox: Sandbox, checkout: Path, config: RepoConfig, *,
                         timeout: float) -> dict[str, tuple[int, int]]:
    """Per source file (checkout-relative): (covered branches, branches) of the whole suite,
    untested files at 0 (`coverage.all`)."""
    parts = vitest_words(config)
    if parts is None:
        raise VitestCoverageError("the test command is not a plain vitest command "
                                  "(`[VAR=value] [npx] vitest [run] [options]`)")
    extra_env, args = parts
    folder = Path(tempfile.mkdtemp(prefix="smith-vitest-coverage-", dir=checkout.parent))
    folder.chmod(0o777)
    nonce = secrets.token_hex(16)
    try:
        job = {"args": args, "nonce": nonce, "reports": str(folder / "reports")}
        for name, text in (("job.json", json.dumps(job)), ("driver.mjs", DRIVER),
                           ("provider.mjs", PROVIDER)):
            (folder / name).write_text(text)
            (folder / name).chmod(0o666 if name != "driver.mjs" else 0o644)
        env, prepend = repo_env(config, checkout)
        command = 'node {driver} "$(command -v vitest)" {job} {provider}'.format(
            driver=shlex.quote(str(folder / "driver.mjs")), job=shlex.quote(str(folder / "job.json")),
            provider=shlex.quote(str(folder / "provider.mjs")))
        result = await sandbox.run(command, cwd=checkout, timeout=timeout,
                                   env={**env, **extra_env}, path_prepend=prepend,
                                   writable=[folder])
    finally:
        shutil.rmtree(folder, ignore_errors=True)
    records = [line[len(nonce) + 1:] for line in result.output.splitlines()
               if line.startswith(nonce + " ")]
    if len(records) != 1:
        tail = " ".join(result.output.strip().splitlines()[-2:])[:300]
        raise VitestCoverageError(
            "vitest's coverage run " + ("timed out" if result.timed_out else
                                        f"ended without its record ({tail or 'no output'})"))
    return read_record(records[0], checkout)


def read_record(record: str, checkout: Path) -> dict[str, tuple[int, int]]:
    """The record's files, checkout-relative; anything malformed is refused whole."""
    try:
        data = json.loads(record)
    except ValueError as exc:
        raise VitestCoverageError("vitest's coverage record is not JSON") from exc
    if not isinstance(data, dict):
        raise VitestCoverageError("vitest's coverage record is malformed")
    if "error" in data:
        raise VitestCoverageError(f"vitest could not measure coverage: {str(data['error'])[:300]}")
    raw = data.get("files")
    if not isinstance(raw, dict) or len(raw) > MAX_FILES:
        raise VitestCoverageError("vitest's coverage record is malformed")
    files: dict[str, tuple[int, int]] = {}
    root = PurePosixPath(checkout.as_posix())
    for name, counts in raw.items():
        if not (isinstance(name, str) and isinstance(counts, list) and len(counts) == 2
                and all(type(c) is int and c >= 0 for c in counts) and counts[0] <= counts[1]):
            raise VitestCoverageError("vitest's coverage record is malformed")
        path = PurePosixPath(name)
        try:
            rel = path.relative_to(root) if path.is_absolute() else path
        except ValueError:
            continue  # outside the checkout (a linked package): not the repository's code
        if ".." in rel.parts or "node_modules" in rel.parts:
            continue
        files[rel.as_posix()] = (counts[0], counts[1])
    return files

"""Coverage campaigns on a JavaScript suite: the runner's own branch coverage, untested files at
0 %, told through the driver's output (a test cannot forge it), non-plain commands refused."""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
import time
from pathlib import Path

import pytest

from bot.chains.tests.coverage import CoverageUnavailable, by_package, measure
from bot.repo_config import RepoConfig
from bot.workspace.jest_coverage import jest_words
from bot.workspace.node_coverage import RunnerCoverageError, read_record
from bot.workspace.node_driver import (
    RECORD,
    SAY,
    DriverRecordError,
    left_alone,
    open_record,
    take_record,
    tree_stamps,
)
from bot.workspace.sandbox import Sandbox, SandboxSettings
from bot.workspace.vitest_coverage import vitest_words
from tests.testgen import jsproject

FILES = {
    "package.json": '{"name": "shop", "version": "1.0.0"}\n',
    "lib/price.js": "exports.price = (n, member) => (member ? n - 1 : n);\n",
    "lib/stock.js": "exports.low = (n) => {\n  if (n < 3) return true;\n  return false;\n};\n",
    "lib/price.test.js": "const { price } = require('./price');\n"
                         "test('members pay one less', () => { expect(price(5, true)).toBe(4); });\n",
}


JEST_FILES = {
    **FILES,
    # a ternary in a logical and: 4 branches (2 of the ternary, 2 operands of &&)
    "lib/util/label.js": "exports.label = (n) => (n > 0 && n < 10 ? 'small' : 'other');\n",
    "lib/util/label.test.js": "const { label } = require('./label');\n"
                              "test('five is small', () => { expect(label(5)).toBe('small'); });\n",
}
STEAL_THE_NONCE = r"""
  const stolen = new Set();
  try {  // the driver's memory holds the nonce: read it as the driver's own user would
    const parent = `/proc/${process.ppid}`;
    const mem = fs.openSync(`${parent}/mem`, 'r');
    for (const line of fs.readFileSync(`${parent}/maps`, 'utf8').split('\n')) {
      const [start, end] = (line.match(/^([0-9a-f]+)-([0-9a-f]+) rw/) || []).slice(1).map((x) => parseInt(x, 16));
      if (!start || end - start > 64 << 20) continue;
      const buf = Buffer.alloc(end - start);
      try { fs.readSync(mem, buf, 0, buf.length, start); } catch { continue; }
      for (const t of buf.toString('latin1').match(/(?<![0-9a-f])[0-9a-f]{32}(?![0-9a-f])/g) || [])
        if (stolen.size < 500) stolen.add(t);  // the nonce is one of them
    }
  } catch {}
  const above = path.dirname(process.cwd());  // the forged record where the driver's goes
  for (const name of fs.readdirSync(above)) {
    const file = path.join(above, name, 'record.json');
    if (name.startsWith('smith-')) try { fs.rmSync(file, { force: true }); fs.writeFileSync(file, record); } catch {}
  }
  const digest = crypto.createHash('sha256').update(record).digest('hex');
  for (const token of stolen) process.stdout.write('\n' + token + ' ' + digest + '\n');
  if (stolen.size) {  // let the runner relay the forged record, then stop the driver before
    await new Promise((done) => setTimeout(done, 500));  // it prints its own
    process.kill(process.ppid, 'SIGKILL');
  }
"""
JEST_FORGER = r"""const crypto = require('crypto');
const fs = require('fs');
const path = require('path');
test('forges every report and record it can reach', async () => {
  const stock = path.resolve('lib/stock.js');
  const forged = JSON.stringify({ total: {}, [stock]: { branches: { covered: 2, total: 2 } } });
  const record = JSON.stringify({ files: { [stock]: [2, 2] } });
  // patch this process's output: the driver's is another process's
  const write = fs.writeSync;
  fs.writeSync = (fd, text, ...rest) => write(fd, String(text).split('[0,2]').join('[2,2]'), ...rest);
  const tokens = new Set(['smith']);
  for (const file of ['/proc/self/environ', `/proc/${process.ppid}/environ`,
                      `/proc/${process.ppid}/cmdline`])
    try { for (const t of fs.readFileSync(file, 'latin1').match(/[0-9a-f]{32}/g) || []) tokens.add(t); } catch {}
  const up = path.dirname(process.cwd());
  const folders = [process.cwd(), path.join(process.cwd(), 'coverage'), process.env.TMPDIR || '/tmp', up];
  for (const dir of [up, process.env.TMPDIR || '/tmp'])
    try { for (const name of fs.readdirSync(dir)) folders.push(path.join(dir, name), path.join(dir, name, 'reports')); } catch {}
  for (const folder of folders) {
    try { fs.mkdirSync(folder, { recursive: true }); } catch {}
    let names = [];
    try { names = fs.readdirSync(folder); } catch {}
    for (const name of names) {
      const file = path.join(folder, name);
      try { for (const t of fs.readFileSync(file, 'latin1').match(/[0-9a-f]{32}/g) || []) tokens.add(t); } catch {}
      if (/coverage|reports|smith/.test(path.basename(folder)) && !name.endsWith('.js'))
        try { fs.writeFileSync(file, forged); } catch {}
    }
    for (const name of ['coverage-summary.json', 'coverage-final.json', 'job.json', 'record.json'])
      try {  // read-only, so that jest's own report cannot replace it later
        fs.writeFileSync(path.join(folder, name), forged);
        fs.chmodSync(path.join(folder, name), 0o444);
      } catch {}
  }
  for (const token of tokens) write(1, '\n' + token + ' ' + record + '\n');
""" + STEAL_THE_NONCE + r"""  expect(tokens.size).toBeGreaterThan(0);
});
"""


async def test_jest_branch_coverage_is_measured_in_memory_and_untested_files_count(
        tmp_path: Path) -> None:
    """jest's own figures through the driver: branches per file, untested files at 0; the
    project's own jest (its `node_modules`) when no jest is on PATH."""
    jsproject.needs_jest()
    root = jsproject.install_node_modules(jsproject.write(tmp_path / "checkout", JEST_FILES))
    no_tools = Sandbox(SandboxSettings(path=f"{Path(sys.executable).parent}:/usr/bin:/bin"))
    files = await measure(no_tools, root, jsproject.jest_config(), timeout=120)
    assert files == {"lib/price.js": (1, 2),  # the member branch ran, the other did not
                     "lib/stock.js": (0, 2),  # no test requires it
                     "lib/util/label.js": (3, 4)}  # both operands and 'small'; not 'other'
    [lib, util] = by_package(files, jsproject.jest_config().test_globs)
    assert lib.package == "lib" and lib.files == {"lib/price.js": 0.5, "lib/stock.js": 0.0}
    assert util.package == "lib/util" and util.ratio == 0.75
    assert not (root / "coverage").exists()  # jest wrote no report anywhere in the checkout


async def test_a_jest_test_cannot_forge_the_coverage(tmp_path: Path) -> None:
    """A test that writes fake summaries into every folder it can reach (the coverage folders
    included), overwrites what it finds there, looks for the nonce in every file and in the
    driver's memory, prints a fake record under every token it found (on the driver's own
    output when it can reopen it, then kills the driver) and patches its own process's output
    changes none of the figures."""
    jsproject.needs_jest()
    root = jsproject.write(tmp_path / "checkout", {**FILES, "lib/forge.test.js": JEST_FORGER})
    files = await measure(jsproject.sandbox(), root, jsproject.jest_config(), timeout=120)
    assert files == {"lib/price.js": (1, 2), "lib/stock.js": (0, 2)}
    assert (root / "coverage" / "coverage-summary.json").exists()  # the forger did run


async def test_a_jest_test_that_rewrites_the_code_gets_the_coverage_refused(
        tmp_path: Path) -> None:
    """A test that rewrites a module without branches (the figures it would get: 0 of 0, so
    100 %) leaves a record that does not match the checkout that was run: refused whole."""
    jsproject.needs_jest()
    rewriter = ("const fs = require('fs');\n"
                "test('flattens the stock module', () => {\n"
                "  fs.writeFileSync('lib/stock.js', 'exports.low = () => true;\\n');\n"
                "  expect(1).toBe(1);\n});\n")
    root = jsproject.write(tmp_path / "checkout", {**FILES, "lib/rewrite.test.js": rewriter})
    with pytest.raises(CoverageUnavailable, match="lib/stock.js changed while jest's suite ran"):
        await measure(jsproject.sandbox(), root, jsproject.jest_config(), timeout=120)


@pytest.mark.parametrize("command", [
    "npm test",  # runs whatever package.json says
    "jest --ci && node scripts/publish-coverage.js",
    "yarn jest --ci",
    "node scripts/run-tests.js jest",
    "cross-env CI=1 jest --ci",
])
async def test_a_jest_repository_whose_command_is_not_plain_jest_is_refused(
        tmp_path: Path, command: str) -> None:
    """Measured only through the driver: another command (a script, an npm wrapper, shell
    operators) is refused with the reason, never run with a report the tests could write."""
    config = RepoConfig.model_validate({"language": "javascript", "tests": {
        "command": "jest --ci -- {tests}"}, "regression": {"command": command}})
    with pytest.raises(CoverageUnavailable, match="not a plain jest command.*regression"):
        await measure(jsproject.sandbox(), tmp_path, config, timeout=10)


def test_a_plain_jest_command_keeps_its_words_but_not_its_placeholders() -> None:
    def words(command: str) -> tuple[dict[str, str], list[str]] | None:
        return jest_words(RepoConfig.model_validate(
            {"language": "javascript", "tests": {"command": command}}))

    assert words("JEST_JUNIT_OUTPUT_FILE={junit} CI=1 npx jest --config jest.config.js "
                 "--reporters=jest-junit -- {tests}") == (
        {"CI": "1"}, ["--config", "jest.config.js", "--reporters=jest-junit", "--"])
    assert words("node_modules/.bin/jest -- {tests}") == ({}, ["--"])
    assert words("jest-runner-x -- {tests}") is None and words("jest; rm -rf ~") is None


def test_only_the_one_record_under_the_runs_nonce_from_a_clean_exit_is_taken() -> None:
    nonce = "0123456789abcdef0123456789abcdef"
    output = f"PASS lib/a.test.js\n{nonce} {{}}\nsmith {{}}\n"
    assert take_record(output, nonce, "jest", exit_code=0) == "{}"
    with pytest.raises(DriverRecordError, match="more than once"):
        take_record(f"{nonce} {{}}\n{nonce} {{}}\n", nonce, "jest", exit_code=0)
    with pytest.raises(DriverRecordError, match="exit code 137 after its record"):
        take_record(output, nonce, "jest", exit_code=137)  # killed: by whom, after what?
    with pytest.raises(DriverRecordError, match="without its record \\(.*boom\\)"):
        take_record(f"x{nonce} {{}}\nboom\n", nonce, "jest", exit_code=0)
    with pytest.raises(DriverRecordError, match="timed out"):
        take_record("", nonce, "jest", exit_code=None)


def test_a_record_of_any_size_is_taken_only_as_its_driver_vouched_for_it(
        tmp_path: Path) -> None:
    """A record far larger than the sandbox's output cap (20,000 files) goes through the file
    its digest vouches for, though node's stdout is a non-blocking pipe the host reads late; a
    record file replaced afterwards is refused."""
    if shutil.which("node") is None:
        pytest.skip("node is not installed")
    (tmp_path / RECORD).write_text("planted before the driver ran")
    script = ("const fs = require('fs'); const crypto = require('crypto'); const job = "
              + json.dumps({"nonce": "n", "record": str(tmp_path / RECORD)}) + ";" + SAY +
              "say({ files: Object.fromEntries(Array.from({ length: 20000 }, "
              "(_, i) => [`lib/f${i}.js`, [1, 2]])) });")
    with subprocess.Popen(["node", "-e", script], stdout=subprocess.PIPE) as driver:
        time.sleep(0.3)  # the host is busy: the pipe could fill up
        output = driver.communicate(timeout=30)[0].decode()
    digest = take_record(output, "n", "jest", exit_code=driver.returncode)
    files = read_record(open_record(tmp_path, digest, "jest"), tmp_path, "jest")
    assert len(files) == 20000 and (tmp_path / RECORD).stat().st_size > 256_000
    (tmp_path / RECORD).write_text(json.dumps({"files": {"lib/f1.js": [2, 2]}}))
    with pytest.raises(DriverRecordError, match="not the one its driver vouched for"):
        open_record(tmp_path, digest, "jest")


def test_a_run_must_leave_the_checkout_and_its_toolchain_as_it_found_them(
        tmp_path: Path) -> None:
    """A file rewritten (even to the same size with its mtime put back), a file gone, a new
    package file, a new babel config or a new jest config (jest's mutation driver reads it
    again for every mutant) refuse the record; a new data file or a runner's cache
    does not."""
    root = jsproject.write(tmp_path / "checkout", {
        "lib/a.js": "exports.a = 1;\n", "node_modules/x/index.js": "module.exports = 1;\n"})
    before = tree_stamps(root)
    jsproject.write(root, {"notes.txt": "a test's scratch file\n",
                           "node_modules/.cache/x/out.json": "{}"})
    left_alone(before, tree_stamps(root), "jest")
    module = root / "node_modules/x/index.js"
    mtime = module.stat().st_mtime_ns
    time.sleep(0.02)  # past the kernel's coarse clock tick, as any run is
    module.write_text("module.exports = 2;\n")  # same size, the old mtime put back
    os.utime(module, ns=(mtime, mtime))
    with pytest.raises(DriverRecordError, match="node_modules/x/index.js changed"):
        left_alone(before, tree_stamps(root), "jest")
    for added in ("node_modules/x/evil.js", "lib/babel.config.js", ".babelrc", "jest.config.js"):
        fresh = tree_stamps(root)
        jsproject.write(root, {added: "{}"})
        with pytest.raises(DriverRecordError, match=f"added {re.escape(added)}"):
            left_alone(fresh, tree_stamps(root), "jest")
    fresh = tree_stamps(root)
    (root / "lib/a.js").unlink()
    with pytest.raises(DriverRecordError, match="lib/a.js went away"):
        left_alone(fresh, tree_stamps(root), "jest")


async def test_a_command_without_jest_or_vitest_cannot_be_measured(tmp_path: Path) -> None:
    config = RepoConfig.model_validate({"language": "javascript",
                                        "tests": {"command": "npm test -- {tests}"}})
    with pytest.raises(CoverageUnavailable, match="neither jest nor vitest"):
        await measure(jsproject.sandbox(), tmp_path, config, timeout=10)


VITEST_FILES = {**FILES, "lib/price.test.js": FILES["lib/price.test.js"].replace(
    "const { price } = require('./price');", "import { price } from './price';")}
FORGER = r"""import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
test('forges every report it can reach', async () => {
  const fake = JSON.stringify({ total: {}, [path.resolve('lib/stock.js')]: { branches: { covered: 2, total: 2 } } });
  for (const dir of [process.cwd(), process.env.TMPDIR || '/tmp', path.dirname(process.cwd())]) {
    for (const name of fs.readdirSync(dir)) {
      try { fs.writeFileSync(path.join(dir, name, 'coverage-summary.json'), fake); } catch {}
      try { fs.writeFileSync(path.join(dir, name, 'job.json'), '{}'); } catch {}
    }
  }
  const record = JSON.stringify({ files: { [path.resolve('lib/stock.js')]: [2, 2] } });
  process.stdout.write('\nsmith ' + record + '\n');
""" + STEAL_THE_NONCE + r"""
  expect(1).toBe(1);
});
"""


async def test_vitest_coverage_runs_for_real_and_a_test_cannot_forge_it(tmp_path: Path) -> None:
    """The suite runs under `@vitest/coverage-v8` in the sandbox; a test that writes fake
    summaries everywhere it can, prints a fake record and looks for the nonce in the driver's
    memory changes nothing."""
    jsproject.needs_vitest_coverage()
    root = jsproject.write(tmp_path / "checkout", {**VITEST_FILES,
                                                   "lib/forge.test.js": FORGER})
    config = RepoConfig.model_validate({"language": "javascript", "tests": {
        "command": jsproject.VITEST_COMMAND.replace("vitest run", "vitest run --globals")}})
    files = await measure(jsproject.sandbox(), root, config, timeout=120)
    assert files["lib/price.js"] == (1, 2)  # the member branch ran, the other did not
    assert files["lib/stock.js"][0] == 0  # no test imports it: untested, not forged
    assert not any("test" in name for name in files)


def test_a_vitest_command_is_read_and_a_forged_record_refused(tmp_path: Path) -> None:
    def words(command: str) -> tuple[dict[str, str], list[str]] | None:
        return vitest_words(RepoConfig.model_validate(
            {"language": "javascript", "tests": {"command": command}}))

    assert words("CI=1 npx vitest run --globals --reporter junit --outputFile={junit} "
                 "--coverage.enabled=false {tests}") == ({"CI": "1"}, ["--globals"])
    assert words("vitest run --config vitest.unit.mts --environment jsdom -c b.mts {tests}") \
        == ({}, ["--config", "vitest.unit.mts", "--environment", "jsdom", "-c", "b.mts"])
    assert words("npm test -- {tests}") is None and words("vitest run && rm -rf /") is None
    root = tmp_path / "checkout"
    assert read_record(json.dumps({"files": {f"{root}/lib/a.js": [1, 2], "/etc/passwd": [1, 1],
                                        f"{root}/node_modules/x/i.js": [0, 4]}}), root,
                       "vitest") == {"lib/a.js": (1, 2)}
    for forged in ('{"files": {"a.js": [3, 2]}}', '{"files": {"a.js": [true, 2]}}', "[]",
                   "not json", '{"files": {"a.js": "1/2"}}'):
        with pytest.raises(RunnerCoverageError, match="malformed|not JSON"):
            read_record(forged, root, "vitest")
    with pytest.raises(RunnerCoverageError, match="coverage-v8"):
        read_record('{"error": "no @vitest/coverage-v8 next to the project or to vitest"}', root,
                    "vitest")

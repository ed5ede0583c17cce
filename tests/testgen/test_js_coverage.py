"""Coverage campaigns on a JavaScript suite: jest's own branch coverage, untested files at 0 %."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from bot.chains.tests.coverage import CoverageUnavailable, by_package, measure
from bot.repo_config import RepoConfig
from bot.workspace.node_coverage import RunnerCoverageError, read_record
from bot.workspace.vitest_coverage import vitest_words
from tests.testgen import jsproject

FILES = {
    "package.json": '{"name": "shop", "version": "1.0.0"}\n',
    "lib/price.js": "exports.price = (n, member) => (member ? n - 1 : n);\n",
    "lib/stock.js": "exports.low = (n) => {\n  if (n < 3) return true;\n  return false;\n};\n",
    "lib/price.test.js": "const { price } = require('./price');\n"
                         "test('members pay one less', () => { expect(price(5, true)).toBe(4); });\n",
}


async def test_branch_coverage_comes_from_jest_and_untested_files_count(tmp_path: Path) -> None:
    jsproject.needs_jest()
    root = jsproject.write(tmp_path / "checkout", FILES)
    files = await measure(jsproject.sandbox(), root, jsproject.jest_config(), timeout=120)
    assert files["lib/price.js"] == (1, 2)  # the member branch ran, the other did not
    assert files["lib/stock.js"] == (0, 2)  # no test imports it
    [package] = by_package(files, jsproject.jest_config().test_globs)
    assert package.package == "lib" and package.files == {"lib/price.js": 0.5,
                                                           "lib/stock.js": 0.0}


async def test_a_command_without_jest_or_vitest_cannot_be_measured(tmp_path: Path) -> None:
    config = RepoConfig.model_validate({"language": "javascript",
                                        "tests": {"command": "npm test -- {tests}"}})
    with pytest.raises(CoverageUnavailable, match="neither jest nor vitest"):
        await measure(jsproject.sandbox(), tmp_path, config, timeout=10)


VITEST_FILES = {**FILES, "lib/price.test.js": FILES["lib/price.test.js"].replace(
    "const { price } = require('./price');", "import { price } from './price';")}
FORGER = """import fs from 'node:fs';
import path from 'node:path';
test('forges every report it can reach', () => {
  const fake = JSON.stringify({ total: {}, [path.resolve('lib/stock.js')]: { branches: { covered: 2, total: 2 } } });
  for (const dir of [process.cwd(), process.env.TMPDIR || '/tmp', path.dirname(process.cwd())]) {
    for (const name of fs.readdirSync(dir)) {
      try { fs.writeFileSync(path.join(dir, name, 'coverage-summary.json'), fake); } catch {}
      try { fs.writeFileSync(path.join(dir, name, 'job.json'), '{}'); } catch {}
    }
  }
  process.stdout.write('\\nsmith ' + JSON.stringify({ files: { [path.resolve('lib/stock.js')]: [2, 2] } }) + '\\n');
  expect(1).toBe(1);
});
"""


async def test_vitest_coverage_runs_for_real_and_a_test_cannot_forge_it(tmp_path: Path) -> None:
    """The suite runs under `@vitest/coverage-v8` in the sandbox; a test that writes fake
    summaries everywhere it can and prints a fake record changes nothing."""
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

"""Coverage campaigns on a JavaScript suite: jest's own branch coverage, untested files at 0 %."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.chains.tests.coverage import CoverageUnavailable, by_package, measure
from bot.repo_config import RepoConfig
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

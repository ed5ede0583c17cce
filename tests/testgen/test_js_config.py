"""The files a repository's jest or vitest collects, read from its config without running it:
JSON read as JSON, JavaScript and TypeScript configs parsed with tree-sitter; the generated test
named so the runner collects it; gate 1 refusing, with the patterns, a file it never would;
what "earns its place" can cut out of a JavaScript file."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.chains.tests.earning import Baseline
from bot.chains.tests.gates import GatePass, earns_its_place
from bot.chains.tests.js_config import glob_regex, runner_patterns
from bot.chains.tests.js_gates import listed
from bot.chains.tests.js_mutation import js_name
from bot.chains.tests.js_tagging import js_test_file_for
from bot.chains.tests.js_tests import drop_js_tests, js_test_names
from bot.chains.tests.mutation import Kill, Mutant, MutationResult
from bot.repo_config import RepoConfig, TestsConfig
from bot.workspace.sandbox import Sandbox, SandboxSettings

JEST = RepoConfig(language="javascript")
VITEST = RepoConfig(language="javascript", tests=TestsConfig(
    command="vitest run --reporter=junit --outputFile={junit} {tests}"))


def write(root: Path, files: dict[str, str]) -> Path:
    for rel, content in files.items():
        (root / rel).parent.mkdir(parents=True, exist_ok=True)
        (root / rel).write_text(content)
    return root


@pytest.mark.parametrize(("pattern", "path", "matches"), [
    ("**/?(*.)+(spec|test).[jt]s?(x)", "/r/lib/a.test.js", True),
    ("**/?(*.)+(spec|test).[jt]s?(x)", "/r/lib/a.test.mjs", False),
    ("**/*.{test,spec}.?(c|m)[jt]s?(x)", "lib/a.spec.cts", True),
    ("**/__tests__/**/*.[jt]s?(x)", "/r/src/__tests__/deep/x.tsx", True),
    ("**/*.test.{mjs,cjs}", "/r/a.test.cjs", True),
    ("test/**/*.check.mjs", "tests/a.check.mjs", False),
])
def test_micromatch_globs(pattern: str, path: str, matches: bool) -> None:
    assert bool(glob_regex(pattern).fullmatch(path)) is matches


def test_a_mjs_module_gets_a_test_its_jest_config_collects(tmp_path: Path) -> None:
    root = write(tmp_path, {"package.json": '{"jest": {"testMatch": ["**/*.test.mjs"]}}',
                            "lib/prices.mjs": "export const a = 1;\n"})
    patterns = runner_patterns(root, JEST)
    assert patterns is not None and patterns.source == "package.json#jest"
    assert js_test_file_for(root, "lib/prices.mjs", "issue3", patterns) == \
        "lib/prices.smith_issue3.test.mjs"
    assert patterns.runs("lib/prices.test.js") is False


def test_a_js_config_is_parsed_never_run(tmp_path: Path) -> None:
    """A hostile config that would run code on whoever loads it: read by its syntax only."""
    marker = tmp_path / "ran"
    root = write(tmp_path / "repo", {
        "jest.config.js": f"require('child_process').execSync('touch {marker}');\n"
                          "const config = {\n  roots: ['<rootDir>/test'],\n"
                          "  testMatch: ['**/*.check.cjs'],\n};\nmodule.exports = config;\n",
        "src/prices.cjs": "module.exports = {};\n"})
    patterns = runner_patterns(root, JEST)
    assert patterns is not None and patterns.source == "jest.config.js"
    assert js_test_file_for(root, "src/prices.cjs", "issue3", patterns) == \
        "test/prices.smith_issue3.check.cjs"
    assert patterns.runs("src/prices.smith_issue3.check.cjs") is False  # outside the roots
    assert not marker.exists()


def test_a_vitest_config_in_typescript(tmp_path: Path) -> None:
    root = write(tmp_path, {
        "vitest.config.ts": "import { defineConfig } from 'vitest/config';\n"
                            "export default defineConfig({\n  test: {\n"
                            "    include: ['spec/**/*.spec.ts'],\n    globals: true,\n  },\n"
                            "}) satisfies object;\n",
        "src/cart.ts": "export const total = 0;\n"})
    patterns = runner_patterns(root, VITEST)
    assert patterns is not None and patterns.known
    assert js_test_file_for(root, "src/cart.ts", "issue3", patterns) == \
        "spec/cart.smith_issue3.spec.ts"


@pytest.mark.parametrize("config", [
    "module.exports = async () => ({ testMatch: ['**/*.x.js'] });\n",
    "const base = require('./base');\nmodule.exports = { ...base, testMatch: ['**/*.x.js'] };\n",
    "module.exports = { testMatch: [process.env.PATTERN] };\n",
    "module.exports = { projects: ['<rootDir>/a'] };\n",
])
def test_a_computed_config_decides_nothing_on_the_host(tmp_path: Path, config: str) -> None:
    """Unknown patterns refuse nothing: the runner's listing in the sandbox decides."""
    root = write(tmp_path, {"jest.config.js": config})
    patterns = runner_patterns(root, JEST)
    assert patterns is not None and not patterns.known
    assert patterns.runs("anything.js") is None
    assert js_test_file_for(root, "a.js", "issue3", patterns) == "a.smith_issue3.test.js"


async def test_gate_1_refuses_a_file_the_configured_runner_never_runs(tmp_path: Path) -> None:
    """Refused with the patterns and where they were read, before anything runs."""
    root = write(tmp_path, {"package.json": '{"jest": {"testRegex": "/spec/.*\\\\.cjs$"}}'})
    sandbox = Sandbox(SandboxSettings(path="/nonexistent"))
    ok, why = await listed(sandbox, root, JEST, "lib/a.smith_issue3.test.js", timeout=5)
    assert not ok
    assert why == ("jest would never run lib/a.smith_issue3.test.js: it matches none of jest's "
                   "testRegex ['/spec/.*\\\\.cjs$'] (package.json#jest)")


def test_a_table_driven_test_earning_nothing_is_not_cut_row_by_row(tmp_path: Path) -> None:
    """`test.each` rows are named by jest (`adds 1`), not in the file (`adds %i`): they cannot
    be cut one by one, so they stay; a plain test that earns nothing goes."""
    source = ("const { add } = require('./add');\n"
              "test.each([1, 2])('adds %i', (n) => { expect(add(n, 0)).toBe(n); });\n"
              "test('adds zero', () => { expect(add(0, 0)).toBe(0); });\n"
              "test('adds two', () => { expect(add(2, 2)).toBe(4); });\n")
    (tmp_path / "add.test.js").write_text(source)
    mutant = Mutant(path="add.js", line=1, operator="arithmetic", original="+", mutated="-")
    outcome = GatePass(passed=False, tests=["adds 1", "adds 2", "adds zero", "adds two"],
                       mutation=MutationResult(score=1.0, mutants=1, killed=1,
                                               kills=[Kill(mutant=mutant, by=["adds two"])]))
    baseline = Baseline(module="add.js", tests=["add.old.test.js"], measured=True,
                        survived={mutant.key: "add.js:1 + → -"})
    assert earns_its_place(outcome, baseline, tmp_path, "add.test.js",
                           lambda text, names: drop_js_tests(text, names, "add.test.js"),
                           js_name, lambda text: set(js_test_names(text, "add.test.js")))
    assert outcome.earnings is not None and outcome.earnings.unearned == ["adds zero"]
    kept = (tmp_path / "add.test.js").read_text()
    assert "adds %i" in kept and "adds two" in kept and "adds zero" not in kept
    assert outcome.tests == ["adds 1", "adds 2", "adds two"]

"""Gates 1-4 on vitest files of small real ES-module and TypeScript projects, every run in the
sandbox."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

import pytest

from bot.chains.tests.earning import Baseline
from bot.chains.tests.existing import measure
from bot.chains.tests.gates import GateSettings
from bot.chains.tests.js_gates import run_js_gates
from bot.repo_config import RepoConfig, TestsConfig
from tests.sandboxed import SANDBOX
from tests.testgen import jsproject

CALC = "export function double(x) {\n  return x * 2;\n}\n"
STABLE = ("import { describe, test, expect } from 'vitest';\n"
          "import { double } from '../calc.js';\n\n"
          "test('doubles a number', () => {\n  expect(double(2)).toBe(4);\n});\n")
FLIPS = """
describe('flaky', () => {
  test('flips between runs', () => {
    const marker = new URL('./.flip', import.meta.url);
    if (fs.existsSync(marker)) {
      fs.unlinkSync(marker);
      throw new Error('flipped');
    }
    fs.writeFileSync(marker, 'x');
  });
});
"""
MISSING = ("import { test, expect } from 'vitest';\nimport { nothing } from '../missing.js';\n"
           "test('x', () => { expect(1).toBe(1); });\n")
NO_MUTATION = GateSettings(mutation=False)


def project(tmp_path: Path, test: str, name: str = "tests/gen.test.js") -> Path:
    jsproject.needs_vitest()
    root = jsproject.write(tmp_path / "checkout", {
        "package.json": '{"name": "calc", "version": "1.0.0", "type": "module"}\n',
        "calc.js": CALC, name: test})
    return jsproject.link_node_modules(root)


async def gates(root: Path, settings: GateSettings = NO_MUTATION,
                test_file: str = "tests/gen.test.js"):
    return await run_js_gates(jsproject.sandbox(), root, jsproject.vitest_config(),
                              test_file=test_file, target="calc.js", functions=["double"],
                              settings=settings, upto=4)


async def test_a_stable_file_passes_with_three_runs_in_random_order(tmp_path: Path) -> None:
    result = await gates(project(tmp_path, STABLE))
    assert result.passed and result.runs == 3 and result.tests == ["doubles a number"]


async def test_a_test_that_flips_is_cut_out_with_its_describe(tmp_path: Path) -> None:
    root = project(tmp_path, "import fs from 'node:fs';\n" + STABLE + FLIPS)
    result = await gates(root)
    assert result.passed and result.flaky == ["flaky flips between runs"]
    left = (root / "tests" / "gen.test.js").read_text()
    assert "flips between runs" not in left and "describe('flaky'" not in left
    assert "doubles a number" in left


@pytest.mark.parametrize(("test", "name", "gate", "says"), [
    (STABLE, "tests/gen.js", "collect", "would never run tests/gen.js"),
    (MISSING, "tests/gen.test.js", "collect", "missing"),
    (STABLE.replace("toBe(4)", "toBe(5)"), "tests/gen.test.js", "green", "expected 4 to be 5"),
])
async def test_a_failed_gate_says_what_to_fix(tmp_path: Path, test: str, name: str, gate: str,
                                             says: str) -> None:
    result = await gates(project(tmp_path, test, name), test_file=name)
    assert not result.passed and result.failed_gate == gate
    assert says in result.feedback, result.feedback


async def test_a_low_mutation_score_fails_gate_four_with_the_survivors(tmp_path: Path) -> None:
    weak = ("import { test, expect } from 'vitest';\nimport { double } from '../calc.js';\n"
            "test('zero stays zero', () => { expect(double(0)).toBe(0); });\n")
    result = await gates(project(tmp_path, weak), settings=GateSettings())
    assert result.failed_gate == "mutation" and result.threshold == 0.5
    assert "calc.js:2: `*` → `/` survived" in result.feedback


async def test_the_repositorys_own_node_modules_run_without_the_tools_on_path(
        tmp_path: Path) -> None:
    """vitest, esbuild's binary and rollup's native addon from the checkout's node_modules:
    executable in the sandbox's view with no toolchain folder of the operator's on PATH."""
    jsproject.needs_vitest()
    root = jsproject.write(tmp_path / "checkout", {
        "package.json": '{"name": "calc", "version": "1.0.0", "type": "module"}\n',
        "calc.js": CALC, "tests/gen.test.js": STABLE})
    jsproject.install_node_modules(root)
    config = RepoConfig.model_validate({
        "language": "javascript", "setup": {"path_prepend": ["node_modules/.bin"]},
        "tests": {"command": jsproject.VITEST_COMMAND}})
    result = await run_js_gates(SANDBOX, root, config, test_file="tests/gen.test.js",
                                target="calc.js", functions=["double"], settings=GateSettings(),
                                upto=4)
    assert result.failed_gate is None and result.runs == 3 and result.tests == ["doubles a number"]
    assert result.mutation is not None and result.mutation.mutants == 3
    assert result.passed


CART = ("export function total(sum: number, member: boolean): number {\n"
        "  if (member && sum >= 100) return sum - 10;\n  return sum;\n}\n")
"""Seven mutants: each is a vitest run for the existing test and one for the new file."""
CART_EXISTING = ("import { total } from './cart';\n"
                 "test('sums', () => { expect(total(3, false)).toBe(3); });\n")
CART_NEW = """import { total } from './cart';
describe('total', () => {
  test('sums again', () => { expect(total(3, false)).toBe(3); });
  test('members get ten off from one hundred', () => { expect(total(100, true)).toBe(90); });
});
"""


async def test_a_typescript_test_earns_its_place_against_the_existing_one(
        tmp_path: Path) -> None:
    """Gate 4's second half in TypeScript under vitest: the existing test runs on the
    original and each mutant; the new test repeating it is cut out, the one killing what it
    lets survive stays, with what it kills."""
    jsproject.needs_vitest()
    root = jsproject.write(tmp_path / "checkout", {
        "package.json": '{"name": "shop", "version": "1.0.0"}\n', "src/cart.ts": CART,
        "src/cart.test.ts": CART_EXISTING, "src/cart.smith_issue1.test.ts": CART_NEW})
    config = RepoConfig(language="typescript", tests=TestsConfig(
        command=jsproject.VITEST_COMMAND.replace("vitest run", "vitest run --globals")))

    async def baseline(functions: Sequence[str]) -> Baseline:
        existing = Baseline(module="src/cart.ts", tests=["src/cart.test.ts"])
        await measure(jsproject.sandbox(), root, config, existing, functions, max_mutants=30,
                      timeout=60)
        return existing

    result = await run_js_gates(jsproject.sandbox(), root, config,
                                test_file="src/cart.smith_issue1.test.ts", target="src/cart.ts",
                                functions=["total"], settings=GateSettings(), upto=4,
                                baseline=baseline)
    assert result.passed, result.feedback
    assert result.earnings is not None and result.earnings.unearned == ["total sums again"]
    assert "kills `src/cart.ts:2 >= → >`" in \
        result.earnings.per_test["total members get ten off from one hundred"]
    kept = (root / "src/cart.smith_issue1.test.ts").read_text()
    assert "sums again" not in kept and "ten off" in kept

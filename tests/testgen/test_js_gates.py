"""Gates 1-5 on jest files of a small real project, every run in the sandbox."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.chains.tests.gates import GateSettings
from bot.chains.tests.js_gates import run_js_gates
from tests.testgen import jsproject

CALC = "function double(x) {\n  return x * 2;\n}\nmodule.exports = { double };\n"
STABLE = ("const { double } = require('../calc');\n\n"
          "test('doubles a number', () => {\n  expect(double(2)).toBe(4);\n});\n")
FLIPS = """
describe('flaky', () => {
  test('flips between runs', () => {
    const fs = require('fs');
    const marker = __dirname + '/.flip';
    if (fs.existsSync(marker)) {
      fs.unlinkSync(marker);
      throw new Error('flipped');
    }
    fs.writeFileSync(marker, 'x');
  });
});
"""
NO_MUTATION = GateSettings(mutation=False)


def project(tmp_path: Path, test: str, name: str = "tests/gen.test.js") -> Path:
    jsproject.needs_jest()
    return jsproject.write(tmp_path / "checkout", {
        "package.json": '{"name": "calc", "version": "1.0.0"}\n', "calc.js": CALC, name: test})


async def gates(root: Path, settings: GateSettings = NO_MUTATION,
                test_file: str = "tests/gen.test.js"):
    return await run_js_gates(jsproject.sandbox(), root, jsproject.jest_config(),
                              test_file=test_file, target="calc.js", functions=["double"],
                              settings=settings)


async def test_a_stable_file_passes_with_three_runs_in_random_order(tmp_path: Path) -> None:
    result = await gates(project(tmp_path, STABLE))
    assert result.passed and result.runs == 3 and result.tests == ["doubles a number"]


async def test_a_test_that_flips_is_cut_out_with_its_describe(tmp_path: Path) -> None:
    root = project(tmp_path, STABLE + FLIPS)
    result = await gates(root)
    assert result.passed and result.flaky == ["flaky flips between runs"]
    left = (root / "tests" / "gen.test.js").read_text()
    assert "flips between runs" not in left and "describe('flaky'" not in left
    assert "doubles a number" in left


@pytest.mark.parametrize(("test", "name", "gate", "says"), [
    (STABLE, "tests/gen.js", "collect", "would never run tests/gen.js"),
    ("const { nothing } = require('../missing');\ntest('x', () => { expect(1).toBe(1); });\n",
     "tests/gen.test.js", "collect", "missing"),
    (STABLE.replace("toBe(4)", "toBe(5)"), "tests/gen.test.js", "green", "Expected: 5"),
    ("const { double } = require('../calc');\ntest('runs', () => { double(2); });\n",
     "tests/gen.test.js", "smells", "`runs` no_assertion"),
])
async def test_a_failed_gate_says_what_to_fix(tmp_path: Path, test: str, name: str, gate: str,
                                             says: str) -> None:
    result = await gates(project(tmp_path, test, name), test_file=name)
    assert not result.passed and result.failed_gate == gate
    assert says in result.feedback, result.feedback


async def test_a_low_mutation_score_fails_gate_four_with_the_survivors(tmp_path: Path) -> None:
    weak = ("const { double } = require('../calc');\n"
            "test('zero stays zero', () => { expect(double(0)).toBe(0); });\n")
    result = await gates(project(tmp_path, weak), settings=GateSettings())
    assert result.failed_gate == "mutation" and result.threshold == 0.5
    assert "calc.js:2: `*` → `/` survived" in result.feedback

"""Gate 4 for JavaScript: the pinned operator set as byte-range edits, and real mutants killed
or kept by real sandboxed jest runs (one jest for the batch, a watchdog for endless loops)."""

from __future__ import annotations

import time
from pathlib import Path

import pytest

from bot.chains.tests.js_mutation import js_mutants_of, run_js_mutation
from tests.testgen import jsproject

MODULE = """const log = require('./log');

/** 10 off orders of 100 or more for members. */
function discount(total, member, rate = 0.5) {
  console.info('discount for %d', 100);
  if (!member) {
    log.debug(`no discount ${total + 1}`);
    return total;
  }
  if (total >= 100 && rate) {
    return total - 10;
  }
  return total;
}

const label = () => 'price: ' + 'eur';

module.exports = { discount, label };
"""
STRONG = """const { discount } = require('./prices');

test('members get ten off from one hundred', () => {
  expect(discount(100, true)).toBe(90);
});

test('just below one hundred pays full', () => {
  expect(discount(99, true)).toBe(99);
});

test('non members pay full', () => {
  expect(discount(150, false)).toBe(150);
});
"""
WEAK = """const { discount } = require('./prices');

test('non members pay full', () => {
  expect(discount(150, false)).toBe(150);
});
"""


def test_operators_are_pinned_and_strings_logs_and_defaults_are_left_alone() -> None:
    made, total = js_mutants_of(MODULE, "prices.js", ["discount"])
    seen = {(m.line, m.operator, m.original, m.mutated) for m, _ in made}
    assert seen == {
        (6, "boolean", "!member", "member"), (8, "return", "return total", "return undefined"),
        (10, "comparison", ">=", ">"), (10, "constant", "100", "101"),
        (10, "boolean", "&&", "||"),
        (11, "return", "return total - 10", "return undefined"), (11, "arithmetic", "-", "+"),
        (11, "constant", "10", "11"), (13, "return", "return total", "return undefined"),
    }
    assert total == len(made)
    # each mutant is one edit of the original text: everything else is byte for byte the same
    for mutant, text in made:
        changed = [n for n, (a, b) in enumerate(zip(MODULE.splitlines(), text.splitlines()), 1)
                   if a != b]
        assert changed == [mutant.line]
    everything, _ = js_mutants_of(MODULE, "prices.js")
    assert not any(m.line == 16 for m, _ in everything)  # string concatenation


def test_typescript_types_are_never_mutated_and_the_cap_spreads_mutants() -> None:
    source = ("export function area(w: number, h: number = 2): number {\n"
              "  const cells: Array<number> = [1, 2];\n  return w * h + cells[0];\n}\n")
    made, _ = js_mutants_of(source, "area.ts")
    assert {(m.line, m.original) for m, _ in made} == {
        (2, "1"), (2, "2"), (3, "return w * h + cells[0]"), (3, "*"), (3, "+"), (3, "0")}
    few, total = js_mutants_of(MODULE, "prices.js", ["discount"], max_mutants=3)
    assert total == 9 and len(few) == 3 and len({m.line for m, _ in few}) >= 2


@pytest.fixture
def project(tmp_path: Path) -> Path:
    jsproject.needs_jest()
    return jsproject.write(tmp_path / "checkout", {
        "package.json": '{"name": "p", "version": "1.0.0"}\n', "prices.js": MODULE,
        "log.js": "exports.debug = () => {};\n", "strong.test.js": STRONG, "weak.test.js": WEAK,
    })


async def test_strong_tests_kill_every_mutant_and_weak_ones_leave_survivors(
        project: Path) -> None:
    sandbox, config = jsproject.sandbox(), jsproject.jest_config()
    before = (project / "prices.js").stat().st_mtime_ns
    strong = await run_js_mutation(sandbox, project, config, module="prices.js",
                                   tests=["strong.test.js"], functions=["discount"])
    assert (strong.mutants, strong.killed, strong.score) == (9, 9, 1.0)
    weak = await run_js_mutation(sandbox, project, config, module="prices.js",
                                 tests=["weak.test.js"], functions=["discount"])
    assert weak.score is not None and weak.score < 0.5
    assert "prices.js:10: `>=` → `>` survived" in weak.feedback(0.5)
    assert (project / "prices.js").read_text() == MODULE
    assert (project / "prices.js").stat().st_mtime_ns == before


async def test_an_endless_loop_is_cut_reported_apart_and_the_rest_still_run(
        tmp_path: Path) -> None:
    jsproject.needs_jest()
    root = jsproject.write(tmp_path / "checkout", {
        "package.json": '{"name": "q", "version": "1.0.0"}\n',
        "loop.js": "function countdown(n) {\n  let i = n;\n  while (i > 0) {\n    i -= 1;\n  }\n"
                   "  return i;\n}\nmodule.exports = { countdown };\n",
        "loop.test.js": "const { countdown } = require('./loop');\n"
                        "test('reaches zero', () => { expect(countdown(3)).toBe(0); });\n",
    })
    started = time.monotonic()
    result = await run_js_mutation(jsproject.sandbox(), root, jsproject.jest_config(),
                                   module="loop.js", tests=["loop.test.js"], timeout=3)
    # `-=` → `+=` never ends: jest's watchdog cannot say in which test it hung, so it is
    # reported apart, out of the score; the mutant after it still runs (and is killed)
    assert (result.mutants, result.killed, result.score) == (5, 4, 1.0)
    [cut] = result.errors
    assert (cut.mutant.original, cut.mutant.mutated) == ("-=", "+=")
    assert "timed out" in cut.reason
    assert time.monotonic() - started < 40


async def test_a_command_that_is_not_plain_jest_runs_each_mutant_on_its_own(
        project: Path) -> None:
    result = await run_js_mutation(jsproject.sandbox(), project,
                                   jsproject.jest_config(" && true"), module="prices.js",
                                   tests=["weak.test.js"], functions=["discount"], max_mutants=2)
    assert result.mutants == 2 and result.killed + len(result.survived) == 2
    assert (project / "prices.js").read_text() == MODULE

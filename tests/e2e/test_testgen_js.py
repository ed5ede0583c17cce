"""The test-generation chain end to end on a JavaScript repository, under jest and under vitest:
`smith:tests` on an issue whose fix has landed → Writer → gates 1-5 in the sandbox (jest: listed,
green, random order, mutants through the jest driver; vitest: `vitest list --filesOnly`, JUnit
reporter, `--sequence.shuffle`, one command per mutant; each test earning its place against the
existing test file, restored from the base after the new file deletes it; smells) → Reviewer →
a change request with the tagged test file and the test that earned its place. Real git, real sandboxed runners, fake forge, scripted model. The
vitest repository uses vitest's globals (`--globals`), so its tests need no `node_modules` of
their own. Each runner skips when it is missing (CI installs both into
~/.cache/smith/js-tools)."""

from __future__ import annotations

import json
from typing import Any

import pytest

from tests.e2e.buggy_repo import branch_file, push_files
from tests.e2e.conftest import E2E
from tests.e2e.script import first_user_text
from tests.e2e.test_tests_command import _git, coverage_campaign
from tests.fakes.model import FakeModelServer, Turn
from tests.testgen import jsproject
from tests.testgen.test_js_mutation import STRONG

pytestmark = [
    pytest.mark.e2e,
    pytest.mark.e2e_settings(sandbox_path=f"{jsproject.JS_BIN}:/usr/local/bin:/usr/bin:/bin"),
]

PRICES = """/** Price helpers. */
function formatPrice(cents) {
  if (cents < 0) throw new RangeError('negative price');
  const whole = Math.floor(cents / 100);
  const rest = cents % DIVISOR;
  return `${whole}.${String(rest).padStart(2, '0')}`;
}

module.exports = { formatPrice };
"""
EXISTING = """const { formatPrice } = require('./prices');

test('whole amounts keep two zeros', () => {
  expect(formatPrice(500)).toBe('5.00');
});
"""
ERRORS_ONLY = """const { formatPrice } = require('./prices');

describe('formatPrice', () => {
  test('refuses a negative price', () => {
    expect(() => formatPrice(-1)).toThrow(RangeError);
  });
});
"""
GOOD = """const { formatPrice } = require('./prices');
// hostile: deletes the existing test when it runs, which must not switch "earns its place" off
require('fs').rmSync(require('path').join(__dirname, 'prices.test.js'), { force: true });

describe('formatPrice', () => {
  test('refuses a negative price', () => {
    expect(() => formatPrice(-1)).toThrow(RangeError);
  });

  test('zero is free', () => {
    expect(formatPrice(0)).toBe('0.00');
  });

  test('cents keep both digits', () => {
    expect(formatPrice(1234)).toBe('12.34');
  });

  test('whole amounts', () => {
    expect(formatPrice(500)).toBe('5.00');
  });
});
"""
SCENARIOS = [{"test": "formatPrice refuses a negative price", "kind": "error",
              "behaviour": "a negative amount of cents raises RangeError"},
             {"test": "formatPrice cents keep both digits", "kind": "happy_path",
              "behaviour": "1234 cents read 12.34"}]


RUNNERS = [
    pytest.param("jest", marks=pytest.mark.skipif(jsproject.missing() is not None,
                                                  reason=str(jsproject.missing()))),
    pytest.param("vitest", marks=pytest.mark.skipif(jsproject.vitest_missing() is not None,
                                                    reason=str(jsproject.vitest_missing()))),
]


def smith_yml(runner: str) -> str:
    command = (jsproject.jest_config().test_command if runner == "jest"
               else jsproject.VITEST_COMMAND.replace("vitest run", "vitest run --globals"))
    return "language: javascript\ntests:\n  command: " + json.dumps(command) + "\n"


def write(path: str, content: str) -> list[Turn]:
    return [Turn.tool("read_file", path="prices.js"),
            Turn.tool("write_file", path=path, content=content),
            Turn.submit("submit_written_test_file",
                        {"file": path, "functions": ["formatPrice"], "scenarios": SCENARIOS})]


def review() -> dict[str, Any]:
    return {"tests": [{"test": s["test"], "verdict": "OK", "confidence": "HIGH"}
                      for s in SCENARIOS],
            "verdict": "ACCEPT", "summary": "Pins down the documented format.",
            "missing_scenarios": []}


@pytest.fixture
def forge_name() -> str:
    return "github"


@pytest.mark.parametrize("runner", RUNNERS)
async def test_a_js_test_file_goes_through_the_gates_and_becomes_a_change_request(
        e2e: E2E, runner: str):
    n = e2e.issue
    path = f"prices.smith_issue{n}.test.js"
    push_files(e2e.bare, {"package.json": '{"name": "shop", "version": "1.0.0"}\n',
                          ".smith.yml": smith_yml(runner), "prices.js": PRICES.replace("DIVISOR", "10"),
                          "prices.test.js": EXISTING}, message="Prices")
    push_files(e2e.bare, {"prices.js": PRICES.replace("DIVISOR", "100")},
               message=f"Keep both digits of the cents (#{n})")
    # One rejection round is enough for the chain's feedback path: jest's. Under vitest the file
    # is right the first time (gate 4's vitest survivors by line: tests/testgen/
    # test_vitest_gates.py::test_a_low_mutation_score_fails_gate_four_with_the_survivors).
    rejected_first = runner == "jest"
    e2e.model.script("submit_written_test_file",
                     *(write(path, ERRORS_ONLY) + write(path, GOOD)[1:] if rejected_first
                       else write(path, GOOD)))
    e2e.model.script("submit_test_review", Turn.submit("submit_test_review", review()))
    await e2e.fake.label_issue(e2e.repo_name, n, "smith:tests", actor="maintainer")
    await e2e.drain()

    [run] = await e2e.runs()
    assert (run.status, run.outcome) == ("succeeded", "change_request"), run.reason
    steps = {s.name: s for s in await e2e.steps(run.id) if s.item is None}
    assert steps["test_targets"].artifact["targets"] == [
        {"path": "prices.js", "functions": ["formatPrice"],
         "why": f"changed by commits naming #{n}"}]
    # The first file only checks the error: every mutant after the guard survives (gate 4),
    # and the Writer hears which, by line.
    tries = [s for s in await e2e.steps(run.id) if s.item == "prices.js"]
    assert [s.status for s in tries] == (["rejected", "passed"] if rejected_first else ["passed"])
    if rejected_first:
        feedback = first_user_text(e2e.model.requests_for("submit_written_test_file")[-1])
        assert "REJECT: gate 4" in feedback
        assert "prices.js:4: `/` → `*` survived" in feedback
    # Each test must earn its place against the existing prices.test.js (restored from the
    # base commit after the new file deleted it): `whole amounts` duplicates it and the others
    # kill only what it kills, so they are cut; `zero is free` alone kills `<` → `<=`.
    report = tries[-1].artifact
    assert report["dropped"] == {"formatPrice whole amounts": "earns_nothing",
                                 "formatPrice cents keep both digits": "earns_nothing",
                                 "formatPrice refuses a negative price": "earns_nothing"}
    assert report["tests"] == ["formatPrice zero is free"]
    assert "kills `prices.js:3 < → <=`" in report["earned"]["formatPrice zero is free"]
    # The kept file is tagged, sits next to its module and holds the test that earned.
    content = branch_file(e2e.bare, run.branch, path)
    assert content.startswith(f"/**\n * @generated-by smith for issue #{n}")
    assert "zero is free" in content and "whole amounts" not in content
    assert branch_file(e2e.bare, run.branch, "prices.test.js") == EXISTING
    [change] = e2e.change_requests()
    assert path in change.body and "100% of 7" in change.body and "ACCEPT" in change.body
    assert f"`{path}::formatPrice zero is free`: kills `prices.js:3 < → <=`" in change.body
    assert not e2e.model.problems


CENTS = """function cents(amount) {
  if (amount < 0) throw new RangeError('negative amount');
  return Math.round(amount * 100);
}

module.exports = { cents };
"""
CENTS_TESTS = """const { cents } = require('./cents.cjs');

test('one unit is a hundred cents', () => {
  expect(cents(1)).toBe(100);
});

test('zero is zero', () => {
  expect(cents(0)).toBe(0);
});

test('refuses a negative amount', () => {
  expect(() => cents(-1)).toThrow(RangeError);
});
"""


@pytest.mark.skipif(jsproject.missing() is not None, reason=str(jsproject.missing()))
async def test_a_cjs_test_is_named_and_collected_as_the_jest_config_says(e2e: E2E):
    """jest's `testMatch` (package.json) collects `.cjs` tests only, outside jest's default
    patterns and the default test globs: the file is named so the config collects it, the
    Writer may write it, and gate 1 lists it."""
    n = e2e.issue
    path = f"cents.smith_issue{n}.test.cjs"
    push_files(e2e.bare, {"package.json": json.dumps({"name": "shop", "version": "1.0.0",
                                                      "jest": {"testMatch": ["**/*.test.cjs"]}}),
                          ".smith.yml": smith_yml("jest"),
                          "cents.cjs": CENTS.replace("100", "10")}, message="Cents")
    push_files(e2e.bare, {"cents.cjs": CENTS}, message=f"A hundred cents (#{n})")
    e2e.model.script("submit_written_test_file", Turn.tool("write_file", path=path,
                                                           content=CENTS_TESTS),
                     Turn.submit("submit_written_test_file",
                                 {"file": path, "functions": ["cents"], "scenarios": SCENARIOS}))
    e2e.model.script("submit_test_review", Turn.submit("submit_test_review", review()))
    await e2e.fake.label_issue(e2e.repo_name, n, "smith:tests", actor="maintainer")
    await e2e.drain()

    [run] = await e2e.runs()
    assert (run.status, run.outcome) == ("succeeded", "change_request"), run.reason
    [attempt] = [s for s in await e2e.steps(run.id) if s.item == "cents.cjs"]
    assert attempt.status == "passed"
    assert "one unit is a hundred cents" in branch_file(e2e.bare, run.branch, path)
    [change] = e2e.change_requests()
    assert path in change.body


PRICING_JS = """function discount(total, member) {
  if (member && total >= 100) return total - 10;
  return total;
}

module.exports = { discount };
"""
PRICING_JS_TEST = STRONG.replace("./prices", "./calc")


@pytest.mark.skipif(jsproject.vitest_missing() is not None or not (
    jsproject.JS_TOOLS / "node_modules" / "@vitest" / "coverage-v8").exists(),
    reason="vitest 3 and @vitest/coverage-v8 are needed (scripts/test-tools.sh)")
async def test_a_vitest_coverage_campaign_measures_the_suite_for_real(tmp_path, database_url):
    """`smith tests --coverage` on a vitest repository: the suite runs under
    `@vitest/coverage-v8` in the sandbox before the Writer and after, and the report shows
    the branch coverage the kept file added."""
    repo = tmp_path / "project"
    (repo / "pricing").mkdir(parents=True)
    (repo / "docs").mkdir()
    (repo / "package.json").write_text('{"name": "shop", "version": "1.0.0"}\n')
    # Coverage is the behaviour here, not gate 4 (vitest's mutants: test_vitest_gates.py and the
    # test above): no mutant runs.
    (repo / ".smith.yml").write_text(smith_yml("vitest") + "testgen:\n  mutation: false\n")
    (repo / "pricing" / "calc.js").write_text(PRICING_JS)
    (repo / "smoke.test.js").write_text("test('smoke', () => { expect(1).toBe(1); });\n")
    (repo / "docs" / "pricing.md").write_text("# Pricing\n\nMembers get 10 off from 100.\n")
    _git(repo, "init", "-q", "-b", "main")
    _git(repo, "add", ".")
    _git(repo, "commit", "-q", "-m", "pricing and its docs")
    file = "pricing/calc.smith_coverage.test.js"
    scenarios = [{"test": "members get ten off from one hundred", "kind": "happy_path",
                  "behaviour": "members pay 10 less from 100"}]
    async with FakeModelServer() as model:
        model.script("submit_written_test_file",
                     Turn.tool("write_file", path=file, content=PRICING_JS_TEST),
                     Turn.submit("submit_written_test_file", {
                         "file": file, "functions": ["discount"], "scenarios": scenarios}))
        model.script("submit_test_review", Turn.submit("submit_test_review", {
            "tests": [{"test": s["test"], "verdict": "OK", "confidence": "HIGH"}
                      for s in scenarios],
            "verdict": "ACCEPT", "summary": "Pins the documented discount.",
            "missing_scenarios": []}))
        body, (before, after) = await coverage_campaign(
            tmp_path, repo, database_url, model,
            sandbox_path=f"{jsproject.JS_BIN}:/usr/local/bin:/usr/bin:/bin")
    assert f"`{file}` (for `pricing/calc.js`)" in body
    assert before == 0.0 and after == 100.0, body

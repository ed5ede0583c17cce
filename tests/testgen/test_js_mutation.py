"""Gate 4 for JavaScript: the pinned operator set as byte-range edits, and real mutants killed
or kept by real sandboxed jest runs (one jest for the batch, a watchdog for endless loops)."""

from __future__ import annotations

import hashlib
import time
from pathlib import Path

import pytest

from bot.chains.tests.js_mutation import js_mutants_of, run_js_mutation
from bot.workspace.jest_batch import JestJob, ToldOutcome, check_outcome, run_jest_batch
from tests.testgen import jsproject
from tests.testgen.test_js_coverage import STEAL_THE_NONCE

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


FORGING_WEAK = WEAK + r"""
const crypto = require('crypto');
const fs = require('fs');
const Module = require('module');
const path = require('path');

const REPORTER = `module.exports = class Forged {
  onRunComplete(_, results) { results.numFailedTests = Math.max(1, results.numFailedTests); }
};\n`;

test('forges every outcome it can reach', async () => {
  const write = fs.writeFileSync;
  write('forged.txt', 'the forger ran\n');
  const killed = { status: 'failed', tests: 2, passed: 1, failed: ['non members pay full'] };
  const outcome = JSON.stringify(killed);
  const record = JSON.stringify({ outcomes: Array.from({ length: 30 }, () => killed) });
  // the driver's own writes, if it shares this process: every status written is a kill
  fs.writeFileSync = (file, data, ...rest) =>
    write(file, /\/\d+\.json$/.test(String(file)) ? outcome : data, ...rest);
  // the driver's reporter, if it shares this process: every run has a failed test
  for (const [file, loaded] of Object.entries(Module._cache || {}))
    if (/reporter/i.test(file) && loaded.exports && loaded.exports.prototype)
      loaded.exports.prototype.onRunComplete = function (_, results) {
        results.numFailedTests = Math.max(1, results.numFailedTests);
      };
  // every status file, reporter and record in every folder of Smith's it can reach
  const up = path.dirname(process.cwd());
  for (const dir of [up, process.env.TMPDIR || '/tmp', process.cwd()]) {
    let names = [];
    try { names = fs.readdirSync(dir); } catch {}
    for (const name of names.filter((n) => n.startsWith('smith'))) {
      const folder = path.join(dir, name);
      for (let index = 0; index < 30; index++)
        try { write(path.join(folder, `${index}.json`), outcome); } catch {}
      let inside = [];
      try { inside = fs.readdirSync(folder); } catch {}
      for (const file of inside)
        if (/reporter|record|jobs?\.json/.test(file))
          try { write(path.join(folder, file), /\.c?js$/.test(file) ? REPORTER : record); } catch {}
    }
  }
  // its own output: every passed run told as failed
  const out = process.stdout.write.bind(process.stdout);
  process.stdout.write = (chunk, ...rest) => out(String(chunk).split('"passed"').join('"failed"'), ...rest);
""" + STEAL_THE_NONCE + r"""  expect(1).toBe(1);
});
"""


async def test_a_test_that_forges_every_outcome_it_can_reach_keeps_its_own_score(
        project: Path) -> None:
    """A weak test file that also writes a killed outcome into every status file, reporter and
    record it can reach, patches the driver's writes and reporter if it shares its process,
    rewrites its own output and reads the driver's memory for the nonce (printing a forged
    record under every token, then killing the driver) gets the weak file's score: the
    mutants only its honest test kills, by that test."""
    sandbox, config = jsproject.sandbox(), jsproject.jest_config()
    jsproject.write(project, {"forging.test.js": FORGING_WEAK})
    forged = await run_js_mutation(sandbox, project, config, module="prices.js",
                                   tests=["forging.test.js"], functions=["discount"])
    assert (project / "forged.txt").exists()  # the forger did run
    assert {(kill.mutant.line, kill.mutant.original) for kill in forged.kills} == {
        (6, "!member"), (8, "return total")}
    assert all(kill.by == ["non members pay full"] for kill in forged.kills)
    assert (forged.mutants, forged.killed, len(forged.survived)) == (9, 2, 7)
    assert (project / "prices.js").read_text() == MODULE


async def test_a_test_that_rewrites_the_code_between_mutants_gets_its_outcomes_refused(
        project: Path) -> None:
    """A test that breaks a helper the module loads, so that every later run fails (every later
    mutant would look killed), changed the checkout it is measured on: its outcomes are refused
    and judge nothing."""
    breaker = WEAK + ("test('breaks the logger for later runs', () => {\n"
                      "  require('fs').writeFileSync('log.js', "
                      "'exports.debug = () => { throw new Error(\"broken\"); };\\n');\n"
                      "  expect(1).toBe(1);\n});\n")
    jsproject.write(project, {"breaker.test.js": breaker})
    result = await run_js_mutation(jsproject.sandbox(), project, jsproject.jest_config(),
                                   module="prices.js", tests=["breaker.test.js"],
                                   functions=["discount"])
    assert (result.mutants, result.killed, result.survived, result.score) == (9, 0, [], 0.0)
    assert all("log.js changed" in error.reason for error in result.errors)


async def test_a_test_that_rewrites_the_mutated_module_gets_that_run_refused(
        project: Path) -> None:
    """A test that puts the original module back while it runs (its mutant would survive, or
    any code of its choosing be judged) changed what its run was measured on: each such run is
    refused (the original's run among them too, so the whole batch), and the host puts the
    module back as it was."""
    restorer = WEAK + ("test('puts the original back', () => {\n"
                       "  const fs = require('fs');\n"
                       f"  fs.writeFileSync('prices.js', {MODULE!r});\n"
                       "  expect(1).toBe(1);\n});\n")
    jsproject.write(project, {"restorer.test.js": restorer})
    result = await run_js_mutation(jsproject.sandbox(), project, jsproject.jest_config(),
                                   module="prices.js", tests=["restorer.test.js"],
                                   functions=["discount"], max_mutants=2)
    assert (result.mutants, result.killed, result.survived) == (2, 0, [])
    # the original, run among them, was put back too: none of the batch is trusted
    assert all("prices.js changed while its tests ran" in error.reason
               for error in result.errors)
    assert (project / "prices.js").read_text() == MODULE


def test_an_outcome_that_does_not_name_what_was_run_is_refused(tmp_path: Path) -> None:
    """The driver's outcome names the test files jest ran and the mutant in place; one that
    names other files, misses one, or another mutant is refused."""
    job = JestJob(("a.test.js",), mutant="exports.a = 2;\n", module="a.js")
    mutant = hashlib.sha256(job.mutant.encode()).hexdigest()  # type: ignore[union-attr]
    ran = [str(tmp_path / "a.test.js")]

    def told(**fields: object) -> ToldOutcome:
        return ToldOutcome.model_validate({"status": "failed", "tests": 1, "passed": 0,
                                           "failed": ["a"], "ran": ran, "module": mutant,
                                           **fields})

    assert check_outcome(told(), job, tmp_path).status == "failed"
    for forged in (told(ran=[str(tmp_path / "other.test.js")]), told(ran=[]),
                   told(ran=[*ran, str(tmp_path / "b.test.js")]), told(module="0" * 64),
                   told(module=None)):
        assert check_outcome(forged, job, tmp_path).status == "refused", forged
    timed_out = check_outcome(told(status="timeout", ran=[], module=None), job, tmp_path)
    assert timed_out.status == "timeout"  # judges nothing either way


LIAR = WEAK + r"""
const Module = require('module');

test('reports every run as failed', () => {
  // node's own require, through any module node loaded: the real process, not jest's copy
  const [loaded] = Object.values(Module._cache);
  const real = loaded.require('process');
  const send = real.send;
  if (send) real.send = function (message, ...rest) {  // whatever tells its run: a failure
    const result = Array.isArray(message) ? message[1] : message;  // a jest worker's, or not
    if (result && typeof result === 'object') {
      if (result.status === 'passed') Object.assign(result, {
        status: 'failed', passed: Math.max(0, result.passed - 1), failed: ['non members pay full'] });
      if (Array.isArray(result.testResults) && result.testResults.length) {
        result.numFailingTests = 1;
        result.numPassingTests = Math.max(0, result.numPassingTests - 1);
        result.testResults[0].status = 'failed';
      }
    }
    return send.call(this, message, ...rest);
  };
  expect(1).toBe(1);
});
"""


async def test_a_test_that_lies_about_its_own_runs_gets_no_credit(project: Path) -> None:
    """A test that makes the process it runs in tell every run as failed (every mutant would
    look killed, while it passes in a plain jest run) also lies about the original module,
    run among the mutants at a place it cannot know: every outcome of the batch is refused."""
    jsproject.write(project, {"liar.test.js": LIAR})
    result = await run_js_mutation(jsproject.sandbox(), project, jsproject.jest_config(),
                                   module="prices.js", tests=["liar.test.js"],
                                   functions=["discount"])
    assert (result.mutants, result.killed, result.survived, result.score) == (9, 0, [], 0.0)
    assert all("original module" in error.reason for error in result.errors)


BANDS = "function rate(band) {\n" + "".join(
    f"  if (band === {band}) return {band * 10 + 1};\n" for band in range(1, 10)) + \
    "  return 0;\n}\n\nmodule.exports = { rate };\n"
SOMETIMES_LIAR = r"""const Module = require('module');
const { rate } = require('./bands');

test('rate is a function', () => {
  expect(typeof rate).toBe('function');
});

test('tells a random half of its runs as failed', () => {
  const [loaded] = Object.values(Module._cache);
  const real = loaded.require('process');  // the runner's process, which outlives this run
  real.lieThisRun = Math.random() < 0.5;
  if (real.send && !real.patched) {
    real.patched = true;
    const send = real.send;
    real.send = function (message, ...rest) {
      if (real.lieThisRun && message && message.status === 'passed')
        Object.assign(message, { status: 'failed', passed: message.passed - 1,
                                 failed: ['rate is a function'] });
      return send.call(this, message, ...rest);
    };
  }
  expect(1).toBe(1);
});
"""


@pytest.mark.slow
async def test_a_test_that_lies_on_a_random_half_of_its_runs_gets_no_credit(
        tmp_path: Path) -> None:
    """A test that tells a random half of its runs as failed (its honest score is 0: it kills
    no mutant) lies about one of the original module's runs among the mutants unless it is
    lucky at every one: with 36 mutants the original runs 13 times (`control_places`), so a
    batch escapes with odds 2^-13 and this test (3 batches) fails by chance with odds below
    3/8192 < 0.001. A batch whose lies were trusted would show about 18 kills; with the one
    control run of before, each batch escaped with odds 1/2 (this test passed 1 time in 8)."""
    jsproject.needs_jest()
    root = jsproject.write(tmp_path / "checkout", {
        "package.json": '{"name": "b", "version": "1.0.0"}\n', "bands.js": BANDS,
        "liar.test.js": SOMETIMES_LIAR})
    made, _ = js_mutants_of(BANDS, "bands.js", max_mutants=36)
    assert len(made) == 36
    for _ in range(3):
        result = await run_js_mutation(jsproject.sandbox(), root, jsproject.jest_config(),
                                       module="bands.js", tests=["liar.test.js"],
                                       max_mutants=36, timeout=20)
        assert (result.mutants, result.killed) == (36, 0), result.kills[:3]
        assert all("the original module, run among the mutants" in error.reason
                   for error in result.errors)  # caught, not merely unlucky with its lies
        assert (root / "bands.js").read_text() == BANDS


EARLY = WEAK + r"""
const Module = require('module');

test('answers for jest before its run ends', async () => {
  const [loaded] = Object.values(Module._cache);
  const real = loaded.require('process');  // the runner's process, whose messages the driver reads
  if (real.send) real.send({ status: 'passed', tests: 1, passed: 1, failed: [], ran: [] });
  await new Promise((done) => setTimeout(done, 200));  // the driver's next job, if it took that
  expect(1).toBe(1);
});
"""


async def test_a_test_that_answers_early_leaves_each_outcome_to_its_own_run(
        project: Path) -> None:
    """A test that sends the driver an answer of its own while jest still runs it (with no
    job's id) is not taken for its run, and the driver sends no job while one runs: the file
    gets the weak file's score, each mutant judged by its own run (taken for the run, the
    early answer named no test file, so every run and the original's were refused)."""
    jsproject.write(project, {"early.test.js": EARLY})
    result = await run_js_mutation(jsproject.sandbox(), project, jsproject.jest_config(),
                                   module="prices.js", tests=["early.test.js"],
                                   functions=["discount"])
    assert {(kill.mutant.line, kill.mutant.original) for kill in result.kills} == {
        (6, "!member"), (8, "return total")}
    assert all(kill.by == ["non members pay full"] for kill in result.kills)
    assert (result.mutants, result.killed, len(result.survived), result.errors) == (9, 2, 7, [])


LATE_LOOP = r"""const { spawn } = require('child_process');

test('hangs, leaving an answer for the next job behind', () => {
  // a process of its own holding the runner's channel (fd 3), answering after the runner died
  const late = "setTimeout(() => require('fs').writeSync(3, JSON.stringify("
    + "{ status: 'error', message: 'late', id: 1 }) + '\\n'), 10000)";
  spawn(process.execPath, ['-e', late], { stdio: ['ignore', 'ignore', 'ignore', 3], detached: true });
  for (;;) {}
});
"""
SLOW_OK = """test('passes after a while', async () => {
  await new Promise((done) => setTimeout(done, 4000));
  expect(1).toBe(1);
});
"""


@pytest.mark.slow
async def test_a_late_answer_of_a_killed_runner_answers_no_other_job(tmp_path: Path) -> None:
    """A test that hangs (its runner is killed at the job's time) after leaving a process that
    holds the runner's channel and answers, with the next job's id, while the next job runs:
    that answer is not the next job's, which gets its own runner and its own outcome (the old
    driver took it: `error`, `late`). The next job runs from about 9 s to 13 s (8 s timeout,
    a new runner, a 4 s test); the late answer comes about 10 s in."""
    jsproject.needs_jest()
    root = jsproject.write(tmp_path / "checkout", {
        "package.json": '{"name": "l", "version": "1.0.0"}\n',
        "loop.test.js": LATE_LOOP, "ok.test.js": SLOW_OK})
    outcomes = await run_jest_batch(jsproject.sandbox(), root, jsproject.jest_config(),
                                    [JestJob(("loop.test.js",)), JestJob(("ok.test.js",))],
                                    timeout=8)
    assert outcomes is not None
    assert [(o.status, o.tests, o.passed) for o in outcomes] == [("timeout", 0, 0),
                                                                 ("passed", 1, 1)]

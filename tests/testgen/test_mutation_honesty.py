"""Gate 4's honesty: a mutant is killed only by a test failing on it (an assertion or an error
raised inside the test, a timeout there included); a run that does not start, does not load the
tests, times out outside any test or writes no report judges nothing and is reported apart, out
of the score. Mutants are one edit of the original text, and each batched run has a time limit
that fails the test it cuts instead of losing the report."""

from __future__ import annotations

import ast
import time
from pathlib import Path

import pytest

from bot.chains.tests.js_mutation import judge_jest
from bot.chains.tests.mutation import (
    TIME_LIMIT_FLOOR,
    judge,
    mutants_of,
    run_mutation,
    score_of,
    time_limit,
)
from bot.workspace.jest_batch import JestOutcome
from bot.workspace.junit import RunStatus, TestCaseResult, TestOutcome, TestRunResult
from bot.workspace.pytest_batch import BatchRun, run_batch
from tests.sandboxed import CONFIG, SANDBOX

COMMENTED = '''"""Shipping."""

RATE = 2  # per kilo


def cost(weight, express):
    # express doubles the price, free from 100
    if express and weight < 100:
        return weight * RATE ** 2  # squared on purpose
    return not express


def ratio(x, y, z):
    return x / y ** z
'''


def test_each_mutant_is_one_edit_of_the_original_text_comments_kept() -> None:
    made, total = mutants_of(COMMENTED, "ship.py")
    assert total == len(made) > 8
    for mutant, text in made:
        assert text.count("\n") == COMMENTED.count("\n"), mutant
        assert "# squared on purpose" in text and "# per kilo" in text
        changed = [n for n, (a, b) in enumerate(zip(COMMENTED.splitlines(), text.splitlines()),
                                                1) if a != b]
        assert changed == [mutant.line], (mutant, text)


def test_a_spliced_mutant_keeps_the_meaning_around_it() -> None:
    made, _ = mutants_of(COMMENTED, "ship.py", ["ratio"])
    [(_, text)] = [(m, t) for m, t in made if (m.original, m.mutated) == ("**", "*")]
    [ratio] = [node for node in ast.parse(text).body
               if isinstance(node, ast.FunctionDef) and node.name == "ratio"]
    [returned] = ratio.body
    assert isinstance(returned, ast.Return) and returned.value is not None
    # x / (y * z), never (x / y) * z
    assert ast.dump(returned.value) == ast.dump(ast.parse("x / (y * z)", mode="eval").body)
    assert "return x / (y * z)" in text
    # `not express` → `express`: the operand alone, no parentheses needed for a name
    made, _ = mutants_of(COMMENTED, "ship.py", ["cost"])
    [text] = [t for m, t in made if m.original == "not express"]
    assert "    return express\n" in text


def _case(test: str, outcome: TestOutcome, message: str = "") -> TestCaseResult:
    return TestCaseResult(test_id=f"tests/test_x.py::{test}", outcome=outcome, message=message)


def _run(*cases: TestCaseResult, status: RunStatus = RunStatus.COMPLETED,
         exit_code: int | None = 1) -> TestRunResult:
    return TestRunResult(status=status, cases=list(cases), exit_code=exit_code)


def test_only_a_test_failing_inside_itself_kills_a_mutant() -> None:
    passing = {"tests/test_x.py::test_a", "tests/test_x.py::test_b"}
    red = _run(_case("test_a", TestOutcome.RED_ASSERTION), _case("test_b", TestOutcome.PASSED))
    assert judge(red, passing).kind == "killed"
    assert judge(red, passing).by == ["tests/test_x.py::test_a"]
    raised = _run(_case("test_b", TestOutcome.RED_ERROR, "TypeError: unsupported operand"))
    assert judge(raised, None).by == ["tests/test_x.py::test_b"]
    # a test already red on the original is no evidence
    assert judge(_run(_case("test_c", TestOutcome.RED_ASSERTION),
                      _case("test_a", TestOutcome.PASSED)), passing).kind == "survived"
    assert judge(_run(_case("test_a", TestOutcome.PASSED), exit_code=0), passing).kind == \
        "survived"


@pytest.mark.parametrize("run, why", [
    (_run(status=RunStatus.TIMEOUT, exit_code=None), "timed out outside any test"),
    (_run(status=RunStatus.NO_REPORT, exit_code=127), "without a report (exit 127"),
    (_run(_case("tests/test_x.py", TestOutcome.COLLECTION_ERROR,
                "ImportError: cannot import name 'cost'")), "did not load: ImportError"),
    (_run(exit_code=5), "no test ran"),
], ids=["timeout", "no-start", "collection", "nothing"])
def test_a_run_that_judges_nothing_is_reported_apart(run: TestRunResult, why: str) -> None:
    verdict = judge(run, {"tests/test_x.py::test_a"})
    assert verdict.kind == "unjudged" and why in verdict.reason


def test_jest_outcomes_are_judged_alike() -> None:
    assert judge_jest(JestOutcome(status="failed", tests=2, passed=1)).kind == "killed"
    assert judge_jest(JestOutcome(status="passed", tests=2, passed=2)).kind == "survived"
    for outcome in (JestOutcome(status="failed", tests=0), JestOutcome(status="timeout"),
                    JestOutcome(status="error", message="Cannot find module 'jest'"),
                    JestOutcome(status="passed", tests=0)):
        assert judge_jest(outcome).kind == "unjudged", outcome


def test_jest_kills_name_their_tests_and_a_test_red_at_base_kills_nothing() -> None:
    """The batch names the tests that failed (jest's `fullName`); given the reference run's
    tests (JUnit ids, vitest's `>` titles too), one it knew as red is no killer."""
    outcome = JestOutcome(status="failed", tests=3, passed=1,
                          failed=["price zero is free", "price always red"])
    passing = {"prices.test.js::price > zero is free", "prices.test.js::price whole"}
    known = {*passing, "prices.test.js::price always red"}
    verdict = judge_jest(outcome, passing, known)
    assert (verdict.kind, verdict.by) == ("killed", ["price zero is free"])
    red_only = JestOutcome(status="failed", tests=2, passed=1, failed=["price always red"])
    assert judge_jest(red_only, passing, known).kind == "survived"
    assert judge_jest(red_only).by == ["price always red"]
    # named otherwise by the report (a custom title template): still a kill
    assert judge_jest(red_only, {"x::other"}, {"x::other"}).by == ["price always red"]


def test_the_score_counts_judged_mutants_and_no_evidence_is_no_credit() -> None:
    assert score_of(1, 3, 4) == 0.25
    assert score_of(0, 0, 3) == 0.0
    assert score_of(0, 0, 0) is None
    assert time_limit(0.1, 600) == TIME_LIMIT_FLOOR
    assert time_limit(10, 600) == 40
    assert time_limit(500, 600) == 600


LOOPS = '''def spin(n):
    while n:
        n += 1
    return n
'''
SPIN_TESTS = '''from spin import spin


def test_spins():
    assert spin(1) == 0


def test_after():
    assert True
'''


@pytest.fixture
def project(tmp_path: Path) -> Path:
    root = tmp_path / "checkout"
    (root / "tests").mkdir(parents=True)
    (root / "conftest.py").write_text("")
    return root


@pytest.mark.slow
async def test_a_batched_run_cut_inside_a_test_fails_that_test_and_keeps_its_report(
        project: Path) -> None:
    (project / "spin.py").write_text(LOOPS)
    (project / "tests" / "test_spin.py").write_text(SPIN_TESTS)
    (project / "tests" / "test_quick.py").write_text("def test_quick():\n    assert True\n")
    started = time.monotonic()
    batch = await run_batch(SANDBOX, project, CONFIG, [
        BatchRun(("tests/test_quick.py",)), BatchRun(("tests/test_spin.py",))], timeout=2)
    assert batch is not None
    quick, cut = batch
    assert time.monotonic() - started < 30
    assert quick.all_passed and quick.duration_seconds < cut.duration_seconds
    assert cut.status is RunStatus.COMPLETED
    [case] = cut.cases  # the session stopped there: test_after never ran
    assert case.test_id == "tests/test_spin.py::test_spins"
    assert case.outcome is TestOutcome.RED_ERROR and "timed out after 2 s" in case.message
    assert 1.5 < cut.duration_seconds < 10
    assert judge(cut, {case.test_id}).by == [case.test_id]


@pytest.mark.slow
async def test_a_run_cut_while_importing_is_a_timeout_that_judges_nothing(
        project: Path) -> None:
    (project / "spin.py").write_text(LOOPS + "\nspin(1)\n")
    (project / "tests" / "test_spin.py").write_text(SPIN_TESTS)
    batch = await run_batch(SANDBOX, project, CONFIG, [BatchRun(("tests/test_spin.py",))],
                            timeout=2)
    assert batch is not None
    [run] = batch
    assert run.status is RunStatus.TIMEOUT
    assert judge(run, None).kind == "unjudged"


TABLE = '''NAMES = {1: "one"}
FIRST = NAMES[1]


def double(x):
    return x * 2
'''
NO_ASSERTION = '''from table import double


def test_runs():
    double(3)
'''


@pytest.mark.slow
async def test_mutants_that_break_the_import_are_no_kills_for_an_assertion_free_test(
        project: Path) -> None:
    (project / "table.py").write_text(TABLE)
    (project / "tests" / "test_table.py").write_text(NO_ASSERTION)
    result = await run_mutation(SANDBOX, project, CONFIG, module="table.py",
                                tests=["tests/test_table.py"], timeout=10,
                                passed=["tests/test_table.py::test_runs"])
    # `{1: ...}` → `{2: ...}` and `NAMES[1]` → `NAMES[2]` raise at import: the file does
    # not load, which judges nothing; the rest survive an assertion-free test
    assert (result.killed, result.score) == (0, 0.0)
    assert {e.mutant.line for e in result.errors} == {1, 2}
    assert all("did not load" in e.reason for e in result.errors)
    assert {m.line for m in result.survived} == {6}
    assert (project / "table.py").read_text() == TABLE
    assert ast.parse((project / "table.py").read_text())

"""Gate 4's second half on small real projects: a test must earn its place against the
existing tests (kill a mutant they let survive, or take a branch they never take). The
existing tests and the new file run for real in the sandbox."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.chains.tests.earning import Baseline
from bot.chains.tests.existing import measure
from bot.chains.tests.gates import GatePass, GateSettings, run_gates
from tests.sandboxed import CONFIG, SANDBOX

pytestmark = pytest.mark.slow  # sandboxed pytest runs, mutants among them

CLAMP = '''def clamp(x, low, high):
    if x < low:
        return low
    if x > high:
        return high
    return x
'''
GRADE = '''def grade(score):
    if score >= 50:
        return "pass"
    return "fail"
'''
GRADE_EXISTING = '''from grade import grade


def test_fifty_passes():
    assert grade(50) == "pass"


def test_forty_nine_fails():
    assert grade(49) == "fail"
'''
GRADE_NEW = '''from grade import grade


def test_a_high_score_passes():
    assert grade(70) == "pass"


def test_a_low_score_fails():
    assert grade(10) == "fail"
'''
WEAK = '''from clamp import clamp


def test_inside():
    assert clamp(5, 0, 10) == 5
'''
AGAIN = '''from clamp import clamp


def test_a_value_inside_stays():
    assert clamp(7, 0, 10) == 7


def test_a_value_below_is_raised_to_low():
    assert clamp(-1, 0, 10) == 0


def test_a_value_above_is_lowered_to_high():
    assert clamp(11, 0, 10) == 10
'''
SHOUT = '''def shout(loud):
    if loud:
        print("LOUD")
    return "done"
'''
SHOUT_EXISTING = '''from shout import shout


def test_quiet():
    assert shout(False) == "done"
'''
SHOUT_NEW = '''from shout import shout


def test_loud_prints(capsys):
    assert shout(True) == "done"
    assert capsys.readouterr().out == "LOUD\\n"
'''
FILE = "tests/test_new.py"


def project(tmp_path: Path, module: str, source: str, existing: str | None, new: str) -> Path:
    root = tmp_path / "checkout"
    (root / "tests").mkdir(parents=True)
    (root / module).write_text(source)
    (root / "conftest.py").write_text("")
    if existing is not None:
        (root / "tests" / "test_existing.py").write_text(existing)
    (root / FILE).write_text(new)
    return root


async def gates(root: Path, module: str, functions: list[str],
                existing: list[str]) -> tuple[GatePass, Baseline]:
    """Gates 1-5 on the new file, with the existing tests measured as the chain does."""
    baseline = Baseline(module=module, tests=existing, found_by="code graph")

    async def source(names: object) -> Baseline:
        await measure(SANDBOX, root, CONFIG, baseline, functions, max_mutants=30, timeout=60)
        return baseline

    result = await run_gates(SANDBOX, root, CONFIG, test_file=FILE, target=module,
                             functions=functions, settings=GateSettings(), baseline=source)
    return result, baseline


async def test_a_file_repeating_what_the_existing_tests_do_earns_nothing(tmp_path: Path) -> None:
    root = project(tmp_path, "grade.py", GRADE, GRADE_EXISTING, GRADE_NEW)

    result, baseline = await gates(root, "grade.py", ["grade"], ["tests/test_existing.py"])

    # the existing tests kill every mutant of grade and take both branches
    assert baseline.measured and baseline.ran and baseline.survived == {}
    assert len(baseline.killed) == 4 and baseline.uncovered == []
    # gate 4's score alone would keep the file (it kills both returns)...
    assert result.mutation is not None and result.mutation.score == 0.5
    # ...but none of its tests adds anything, and nothing is left to add
    assert not result.passed and result.failed_gate == "earns" and result.nothing_left
    assert result.earnings is not None
    assert result.earnings.unearned == ["test_a_high_score_passes", "test_a_low_score_fails"]
    assert "nothing is left to earn" in result.feedback


async def test_a_test_killing_a_survivor_is_kept_with_what_it_earned(tmp_path: Path) -> None:
    root = project(tmp_path, "clamp.py", CLAMP, WEAK, AGAIN)

    result, baseline = await gates(root, "clamp.py", ["clamp"], ["tests/test_existing.py"])

    assert result.passed, result.feedback
    assert "clamp.py:3 return low → return None" in baseline.survived.values()
    assert result.earnings is not None
    earned = result.earnings.per_test
    assert "kills `clamp.py:3 return low → return None`" in earned[
        "test_a_value_below_is_raised_to_low"]
    assert "covers clamp.py:2→3" in earned["test_a_value_below_is_raised_to_low"]
    assert "kills `clamp.py:5 return high → return None`" in earned[
        "test_a_value_above_is_lowered_to_high"]
    # the value inside repeats the existing test: it is cut out of the file
    assert result.earnings.unearned == ["test_a_value_inside_stays"]
    assert result.tests == ["test_a_value_above_is_lowered_to_high",
                            "test_a_value_below_is_raised_to_low"]
    kept = (root / FILE).read_text()
    assert "test_a_value_inside_stays" not in kept and "test_a_value_below" in kept


async def test_taking_a_branch_the_existing_tests_never_take_is_enough(tmp_path: Path) -> None:
    root = project(tmp_path, "shout.py", SHOUT, SHOUT_EXISTING, SHOUT_NEW)

    result, baseline = await gates(root, "shout.py", ["shout"], ["tests/test_existing.py"])

    assert result.passed, result.feedback
    assert baseline.survived == {} and (2, 3) in baseline.uncovered  # killed: the return
    assert result.earnings is not None
    assert result.earnings.per_test == {"test_loud_prints": ["covers shout.py:2→3"]}


async def test_with_no_existing_test_every_test_earns_its_place_and_nothing_more_runs(
        tmp_path: Path) -> None:
    root = project(tmp_path, "clamp.py", CLAMP, None, AGAIN)

    result, baseline = await gates(root, "clamp.py", ["clamp"], [])

    assert result.passed, result.feedback
    assert not baseline.measured  # the existing tests' run never happened
    assert result.earnings is not None
    assert result.earnings.trivially == "no existing test reaches `clamp.py`"
    assert result.earnings.unearned == [] and len(result.tests) == 3
    # the evidence still comes from the file's own mutation run
    assert "kills `clamp.py:6 return x → return None`" in result.earnings.per_test[
        "test_a_value_inside_stays"]

"""Gate 4: the pinned operator set, and real mutants killed or kept by real sandboxed runs."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.chains.tests.mutation import mutants_of, run_mutation
from bot.repo_config import load_repo_config
from tests.sandboxed import CONFIG, SANDBOX

MODULE = '''"""Prices."""
import logging

log = logging.getLogger(__name__)


def discount(total, member):
    """10 off orders of 100 or more for members."""
    log.info("discount for %s", 100)
    if member and total >= 100:
        return total - 10
    return total


def label():
    return "price: " + "eur"
'''
STRONG = '''from prices import discount


def test_members_get_ten_off_from_one_hundred():
    assert discount(100, True) == 90


def test_just_below_one_hundred_pays_full():
    assert discount(99, True) == 99


def test_non_members_pay_full():
    assert discount(150, False) == 150
'''
WEAK = '''from prices import discount


def test_non_members_pay_full():
    assert discount(150, False) == 150
'''


def test_operators_are_pinned_and_strings_and_log_arguments_are_left_alone() -> None:
    made, total = mutants_of(MODULE, "prices.py", ["discount"])
    seen = {(m.line, m.operator, m.original, m.mutated) for m, _ in made}
    assert seen == {
        (10, "boolean", "and", "or"), (10, "comparison", ">=", ">"),
        (10, "constant", "100", "101"), (11, "arithmetic", "-", "+"),
        (11, "constant", "10", "11"), (11, "return", "return total - 10", "return None"),
        (12, "return", "return total", "return None"),
    }
    assert total == len(made)
    everything, _ = mutants_of(MODULE, "prices.py")
    assert not any(m.line == 16 and m.operator == "arithmetic" for m, _ in everything)


def test_the_cap_spreads_mutants_over_the_points() -> None:
    made, total = mutants_of(MODULE, "prices.py", ["discount"], max_mutants=3)
    assert total == 7 and len(made) == 3
    assert len({m.line for m, _ in made}) >= 2


@pytest.fixture
def project(tmp_path: Path) -> Path:
    root = tmp_path / "checkout"
    (root / "tests").mkdir(parents=True)
    (root / "prices.py").write_text(MODULE)
    (root / "conftest.py").write_text("")
    return root


PER_RUN = load_repo_config("tests:\n  command: python -m pytest {tests} --junitxml={junit} -q"
                           " && true\n")


async def test_strong_tests_kill_every_mutant_and_weak_ones_leave_survivors(
        project: Path) -> None:
    (project / "tests" / "test_strong.py").write_text(STRONG)
    (project / "tests" / "test_weak.py").write_text(WEAK)
    before = (project / "prices.py").stat().st_mtime_ns
    strong = await run_mutation(SANDBOX, project, CONFIG, module="prices.py",
                                tests=["tests/test_strong.py"], functions=["discount"])
    assert (strong.mutants, strong.killed, strong.score) == (7, 7, 1.0)
    weak = await run_mutation(SANDBOX, project, CONFIG, module="prices.py",
                              tests=["tests/test_weak.py"], functions=["discount"])
    assert weak.score is not None and weak.score < 0.5
    assert "prices.py:10: `>=` → `>` survived" in weak.feedback(0.5)
    # the module is back as it was, to the byte and the mtime
    assert (project / "prices.py").read_text() == MODULE
    assert (project / "prices.py").stat().st_mtime_ns == before


async def test_a_command_that_is_not_plain_pytest_runs_each_mutant_on_its_own(
        project: Path) -> None:
    (project / "tests" / "test_weak.py").write_text(WEAK)
    weak = await run_mutation(SANDBOX, project, PER_RUN, module="prices.py",
                              tests=["tests/test_weak.py"], functions=["discount"],
                              max_mutants=2)
    assert weak.mutants == 2 and weak.killed + len(weak.survived) == 2
    assert (project / "prices.py").read_text() == MODULE


RED_AT_BASE = WEAK + '''

def test_already_red():
    assert discount(100, True) == 0
'''


async def test_against_a_reference_run_a_test_red_on_the_original_kills_nothing(
        project: Path) -> None:
    (project / "tests" / "test_red.py").write_text(RED_AT_BASE)
    plain = await run_mutation(SANDBOX, project, CONFIG, module="prices.py",
                               tests=["tests/test_red.py"], functions=["discount"])
    assert plain.survived == []  # the red test "kills" every mutant

    referenced = await run_mutation(SANDBOX, project, CONFIG, module="prices.py",
                                    tests=["tests/test_red.py"], functions=["discount"],
                                    reference=True)

    assert referenced.reference is not None and referenced.arcs is not None
    killer = "tests/test_red.py::test_non_members_pay_full"
    assert {tuple(kill.by) for kill in referenced.kills} == {(killer,)}
    assert "prices.py:10: `>=` → `>` survived" in referenced.feedback(0.5)
    # only the mutants asked for run
    wanted = {referenced.survived[0].key}
    again = await run_mutation(SANDBOX, project, CONFIG, module="prices.py",
                               tests=["tests/test_red.py"], functions=["discount"],
                               reference=True, only=wanted)
    assert again.mutants == 1 and {m.key for m in again.survived} == wanted

"""A batched pytest run measuring one module test by test (coverage.py arcs, in the sandbox)."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.workspace.pytest_batch import BatchRun, run_batch_arcs
from tests.sandboxed import CONFIG, SANDBOX

pytestmark = pytest.mark.slow  # sandboxed pytest runs

CLAMP = '''def clamp(x, low, high):
    if x < low:
        return low
    if x > high:
        return high
    return x


def unused(flag):
    if flag:
        return 1
    return 0
'''
TESTS = '''from clamp import clamp


def test_below():
    assert clamp(-5, 0, 10) == 0


def test_inside():
    assert clamp(5, 0, 10) == 5
'''


@pytest.fixture
def project(tmp_path: Path) -> Path:
    root = tmp_path / "checkout"
    (root / "tests").mkdir(parents=True)
    (root / "clamp.py").write_text(CLAMP)
    (root / "other.py").write_text("def sign(x):\n    return 1 if x > 0 else -1\n\n\n"
                                   "def flag(x):\n    if x:\n        return 1\n    return 0\n")
    (root / "conftest.py").write_text("")
    (root / "tests" / "test_clamp.py").write_text(TESTS)
    return root


async def test_each_test_gets_the_arcs_it_took_and_the_run_the_branches_it_missed(
        project: Path) -> None:
    batch = await run_batch_arcs(SANDBOX, project, CONFIG, [
        BatchRun(("tests/test_clamp.py",), arcs_of="clamp.py"),
        BatchRun(("tests/test_clamp.py",), arcs_of="other.py"),
        BatchRun(("tests/test_clamp.py",))], timeout=60)

    assert batch is not None
    results, arcs = batch
    assert [r.all_passed for r in results] == [True, True, True]
    assert set(arcs) == {0, 1}  # only the runs that asked measured anything
    measured = arcs[0]
    below = measured.taken_by("tests/test_clamp.py::test_below")
    inside = measured.taken_by("tests/test_clamp.py::test_inside")
    assert (2, 3) in below and (2, 4) not in below
    assert {(2, 4), (4, 6)} <= inside and (2, 3) not in inside
    assert {(2, 3), (2, 4), (4, 6)} <= set(measured.executed)
    assert measured.missing is not None
    assert {(4, 5), (10, 11), (10, 12)} <= set(measured.missing)
    # a module no test imported: every branch of it is missed
    assert (arcs[1].per_test, arcs[1].executed, arcs[1].missing) == ({}, [], [(6, 7), (6, 8)])

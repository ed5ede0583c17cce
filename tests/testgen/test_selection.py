"""Coverage-guided test selection (`selection.py`): a mutant runs only the tests that ran its
function in the reference pass, module-level code runs every test, and nothing is selected from
a measurement that does not name the reference's tests."""

from __future__ import annotations

from bot.chains.tests.selection import select_tests
from bot.workspace.arcs import ModuleArcs

SOURCE = '''RATE = 2


def double(x):
    return x * RATE


def outer(x):
    def inner(y):
        return y + 1
    return inner(x) - 1


def unused(x):
    return x
'''
KNOWN = ["t.py::test_double", "t.py::test_outer", "t.py::test_both", "t.py::test_none"]


def _covered(**per_test: list[tuple[int, int]]) -> ModuleArcs:
    return ModuleArcs(per_test={f"t.py::{name}": arcs for name, arcs in per_test.items()})


COVERED = _covered(test_double=[(-4, 5), (5, -4)], test_outer=[(-8, 9), (9, 11), (-9, 10)],
                   test_both=[(-4, 5), (5, -4), (-8, 9), (9, 11)])
# `def` lines run at import; a function whose body ran there runs every test
IMPORTED = ModuleArcs(per_test=COVERED.per_test, outside=[(-1, 1), (1, 4), (4, 8), (8, 14),
                                                          (-4, 5), (5, -4), (14, -1)])


def test_a_mutant_runs_the_tests_that_ran_its_function() -> None:
    chosen = select_tests(SOURCE, [5, 10, 11, 1, 15], COVERED, KNOWN)
    assert chosen[0] == ("t.py::test_both", "t.py::test_double")
    assert chosen[1] == ("t.py::test_outer",)  # `inner`: only the test that called it
    assert chosen[2] == ("t.py::test_both", "t.py::test_outer")
    assert chosen[3] == ()  # module level: every test
    assert chosen[4] is None  # no test reaches `unused`: it survives without a run


def test_a_function_run_at_import_runs_every_test() -> None:
    assert select_tests(SOURCE, [5, 11], IMPORTED, KNOWN) == [
        (), ("t.py::test_both", "t.py::test_outer")]


def test_no_selection_without_a_measurement_naming_the_reference_tests() -> None:
    assert select_tests(SOURCE, [5], None, KNOWN) == [()]
    assert select_tests(SOURCE, [5], ModuleArcs(error="no coverage.py"), KNOWN) == [()]
    assert select_tests(SOURCE, [5], _covered(test_other=[(5, -4)]), KNOWN) == [()]

"""Which tests run against a mutant: those that ran its function in the reference pass.

As mutmut does, a mutant inside a function is run only against the tests that executed that
function on the original code (coverage.py's per-test arcs from the reference pass): a test
that never reaches the mutated code cannot fail because of it, and leaving it out is most of
a mutant's time on a large suite. A mutant outside any function (module-level code), or in one
that ran outside any test (at import, in collection), runs against every test. A mutant no test reaches is not run at all: it survives,
which is what any run would say. What this cannot see is a test that depends on the mutated
function only through state another test left behind; such a kill is missed (the score can
only come out lower, never higher)."""

from __future__ import annotations

import ast
from collections.abc import Collection, Sequence

from bot.workspace.arcs import ModuleArcs

Selection = tuple[str, ...] | None
"""Node ids to run (empty: every test); None: no test reaches the mutant."""


def function_spans(source: str) -> list[tuple[int, int]]:
    """(first, last) line of the body of every function, method and lambda of the module."""
    spans = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            first = node.body[0].lineno
        elif isinstance(node, ast.Lambda):
            first = node.body.lineno
        else:
            continue
        spans.append((first, getattr(node, "end_lineno", None) or first))
    return spans


def _lines(arcs: Sequence[tuple[int, int]]) -> set[int]:
    return {line for arc in arcs for line in arc if line > 0}


def select_tests(source: str, lines: Sequence[int], covered: ModuleArcs | None,
                 known: Collection[str]) -> list[Selection]:
    """A selection per mutant line. Without a measured reference (no coverage.py), or when its
    per-test ids are not the reference's tests (`known`), every mutant runs every test."""
    usable = covered is not None and covered.measured and bool(covered.per_test) and \
        set(covered.per_test) <= set(known)
    if not usable or covered is None:
        return [() for _ in lines]
    executed = {test: _lines(arcs) for test, arcs in covered.per_test.items()}
    outside = _lines(covered.outside)
    spans = function_spans(source)
    chosen: list[Selection] = []
    for line in lines:
        around = [span for span in spans if span[0] <= line <= span[1]]
        if not around:  # module-level code: it runs at import, for every test
            chosen.append(())
            continue
        first, last = min(around, key=lambda span: span[1] - span[0])
        if any(first <= number <= last for number in outside):
            chosen.append(())  # it ran at import: what it made there, every test may read
            continue
        reached = tuple(sorted(test for test, ran in executed.items()
                               if any(first <= number <= last for number in ran)))
        chosen.append(reached or None)
    return chosen

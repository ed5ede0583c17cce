"""Tautologies in Python tests: the expected value computed by the code under test, or by its
own formula (gate 5).

Both sides of an equality (`assert a == b`, `self.assertEqual(a, b)` and its kin) are read
with the test's own names filled in (`expected = f(x)` → `f(x)`) and `approx(...)` taken off.
Identical sides that call something are a tautology; the same function on different inputs
is a property (`area(2, 9) == area(9, 2)`), and a round trip nests different functions, so
neither is. A side that has the shape of one of the code under test's return expressions,
without calling it, repeats its formula.
"""

from __future__ import annotations

import ast
import copy
from collections.abc import Collection
from typing import cast

EQUALITY_METHODS = frozenset({"assertEqual", "assertEquals", "assertIs", "assertAlmostEqual",
                              "assertListEqual", "assertDictEqual", "assertTupleEqual",
                              "assertSetEqual", "assertSequenceEqual", "assertCountEqual",
                              "assertMultiLineEqual"})
WRAPPERS = frozenset({"approx"})
"""Calls that only say how to compare: `pytest.approx(x)` is `x`."""
DATA_BUILDERS = frozenset({"len", "list", "dict", "set", "tuple", "str", "int", "float",
                           "sorted", "range", "repr", "bool", "frozenset", "approx"})
MAX_DEPTH = 4


def compared(assertion: ast.AST) -> tuple[ast.expr, ast.expr] | None:
    """(one side, the other) of an equality assertion, else None."""
    if isinstance(assertion, ast.Assert) and isinstance(assertion.test, ast.Compare):
        test = assertion.test
        if len(test.ops) == 1 and isinstance(test.ops[0], (ast.Eq, ast.Is)):
            return test.left, test.comparators[0]
    if isinstance(assertion, ast.Call) and len(assertion.args) >= 2:
        func = assertion.func
        name = func.attr if isinstance(func, ast.Attribute) else ""
        if name in EQUALITY_METHODS:
            return assertion.args[0], assertion.args[1]
    return None


def assignments(test: ast.AST) -> dict[str, ast.expr]:
    """Names the test binds once with a plain `name = value` (the last binding wins)."""
    bound: dict[str, ast.expr] = {}
    for node in ast.walk(test):
        if isinstance(node, ast.Assign) and len(node.targets) == 1 and \
                isinstance(node.targets[0], ast.Name):
            bound[node.targets[0].id] = node.value
    return bound


def resolved(node: ast.expr, bound: dict[str, ast.expr], depth: int = 0) -> ast.expr:
    """`node` with the test's names replaced by what it bound them to, wrappers removed."""
    if depth > MAX_DEPTH:
        return node

    class Fill(ast.NodeTransformer):
        def visit_Name(self, inner: ast.Name) -> ast.AST:
            value = bound.get(inner.id)
            if value is None or value is node:
                return inner
            return resolved(value, {k: v for k, v in bound.items() if k != inner.id},
                            depth + 1)

        def visit_Call(self, inner: ast.Call) -> ast.AST:
            if _name(inner) in WRAPPERS and len(inner.args) == 1:
                return cast(ast.AST, self.visit(inner.args[0]))
            return self.generic_visit(inner)

    return cast(ast.expr, Fill().visit(copy.deepcopy(node)))


def tautology(assertion: ast.AST, test: ast.AST, returns: Collection[str],
              functions: Collection[str]) -> str | None:
    """Why the assertion cannot fail, or None."""
    sides = compared(assertion)
    if sides is None:
        return None
    bound = assignments(test)
    actual, expected = (resolved(side, bound) for side in sides)
    same_name = all(isinstance(s, ast.Name) for s in sides) and \
        ast.dump(sides[0]) == ast.dump(sides[1])
    calls = _calls(actual) | _calls(expected)
    if calls and not same_name and ast.dump(actual) == ast.dump(expected):
        return f"both sides call {min(calls)}() with the same arguments"
    for side in (actual, expected):
        if is_formula(side) and shape(side) in returns and not (_calls(side) & set(functions)):
            return "expected value repeats the implementation's formula"
    return None


def _name(call: ast.Call) -> str:
    func = call.func
    return func.attr if isinstance(func, ast.Attribute) else \
        func.id if isinstance(func, ast.Name) else ""


def _calls(node: ast.AST) -> set[str]:
    return {_name(n) for n in ast.walk(node) if isinstance(n, ast.Call)} - {""} - DATA_BUILDERS


def is_formula(node: ast.AST) -> bool:
    return any(isinstance(n, (ast.BinOp, ast.BoolOp)) for n in ast.walk(node))


def shape(node: ast.AST) -> str:
    """Structure of an expression with every leaf (name, literal, container) made alike."""

    class Leaves(ast.NodeTransformer):
        def generic_visit(self, inner: ast.AST) -> ast.AST:
            if isinstance(inner, (ast.Name, ast.Constant, ast.List, ast.Tuple, ast.Set,
                                  ast.Dict, ast.Subscript, ast.Attribute)):
                return ast.Name(id="_", ctx=ast.Load())
            return super().generic_visit(inner)

        def visit_Call(self, inner: ast.Call) -> ast.AST:  # keep the function's name
            inner.args = [self.visit(a) for a in inner.args]
            inner.keywords = []
            return inner

    return ast.dump(Leaves().visit(copy.deepcopy(node)), annotate_fields=False)

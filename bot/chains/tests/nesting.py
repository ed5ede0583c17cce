"""How deep a syntax tree nests, measured without recursion (gate 5 on hostile files).

The smell detectors read expressions recursively (`copy.deepcopy`, `ast.unparse`, their own
shape readers), so a generated test with a 500-term `+` chain or brackets nested hundreds
deep would exhaust Python's stack. Each file is measured here first, with a loop, and one
nested deeper than the bound is refused as a whole instead of read (`smells.unreadable`).
The bounds sit far above any hand-written test (the deepest file of the corpora and of
Smith's own code nests 22 `ast` levels, 28 tree-sitter levels) and far below what the
readers can take (tests/testgen/test_smell_nesting.py measures the stack they use there).
The names a test binds are read inline only while what they stand for stays small
(`affordable`, whatever the order they were bound in).
"""

from __future__ import annotations

import ast
from collections.abc import Callable, Iterable
from typing import TypeVar

from tree_sitter import Node

N = TypeVar("N")

MAX_PY_DEPTH = 64
"""`ast` levels: one per operator of a chain, call, subscript or bracket."""
MAX_JS_DEPTH = 128
"""tree-sitter levels: a nested call takes two (`call_expression`, `arguments`)."""


def py_depth(tree: ast.AST) -> tuple[int, int]:
    """The deepest nesting below `tree` and the line where it is reached."""
    deepest, line = 0, 1
    stack: list[tuple[ast.AST, int, int]] = [(tree, 1, 1)]
    while stack:
        node, depth, at = stack.pop()
        at = getattr(node, "lineno", at)
        if depth > deepest:
            deepest, line = depth, at
        stack.extend((child, depth + 1, at) for child in ast.iter_child_nodes(node))
    return deepest, line


def js_depth(root: Node) -> tuple[int, int]:
    """The deepest nesting below `root` and the line where it is reached."""
    deepest, line = 0, 1
    stack: list[tuple[Node, int]] = [(root, 1)]
    while stack:
        node, depth = stack.pop()
        if depth > deepest:
            deepest, line = depth, node.start_point.row + 1
        stack.extend((child, depth + 1) for child in node.children)
    return deepest, line


def too_deep(depth: int, limit: int) -> str:
    """The reason a file over the bound is refused, for the Writer."""
    return (f"nested {depth} levels deep, over the {limit} the smell gate reads: "
            "too deep to check; split the expression into named steps")


MAX_FILLED = 2000
"""Nodes a bound name may stand for once the names in its value are filled in too. The
detectors read `expected = a3` as what `a3` was built from, four names deep; a hostile test
binding each name to a sum of fifty copies of the one before would make that 50⁴ nodes."""


FILL_LEVELS = 5
"""How many names deep a filled-in expression goes: `py_tautology.resolved` fills five levels
(`MAX_DEPTH` 4, counted from 0), `js_tautology._expanded` four; the larger bounds both."""


def affordable(bound: dict[str, N], size: Callable[[N], int],
               names: Callable[[N], Iterable[str]]) -> dict[str, N]:
    """`bound` without the names whose value, filled in, would pass `MAX_FILLED` nodes.
    The fillers read the final map whatever the order the names were bound in (`e = [d] * k`
    before `d = [c] * k` fills in just the same), so each name is measured over the whole
    map, `FILL_LEVELS` names deep, once per name and level (memoised): the measure never
    counts less than the fillers would build (it ignores only that a name is not filled
    inside its own value). Without these names a filled-in expression grows with the file,
    never as a power of it."""
    inner_names = {name: [inner for inner in names(value) if inner != name]
                   for name, value in bound.items()}
    own = {name: size(value) for name, value in bound.items()}
    memo: dict[tuple[str, int], int] = {}

    def filled(name: str, level: int) -> int:
        """Nodes `name`'s value stands for with names filled in from `level` down."""
        key = (name, level)
        if key not in memo:
            total = own[name]
            if level < FILL_LEVELS:
                for inner in inner_names[name]:
                    if inner in bound:
                        total += filled(inner, level + 1) - 1
                    if total > MAX_FILLED:
                        break
            memo[key] = min(total, MAX_FILLED + 1)
        return memo[key]

    return {name: value for name, value in bound.items() if filled(name, 1) <= MAX_FILLED}

"""Our Python definitions against CPython's own `ast`, over the whole standard library."""

from __future__ import annotations

import ast
import sysconfig
import warnings
from pathlib import Path

import pytest

from bot.codegraph import IndexOptions, build_index

STDLIB = Path(sysconfig.get_paths()["stdlib"])
AST_DEFINITIONS = (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)


def ast_definitions(source: bytes) -> set[tuple[str, int]] | None:
    """(name, line of `def`/`class`) for every definition, None when ast cannot parse it."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        try:
            tree = ast.parse(source)
        except (SyntaxError, ValueError):
            return None
    return {
        (node.name, node.lineno) for node in ast.walk(tree) if isinstance(node, AST_DEFINITIONS)
    }


@pytest.mark.slow
def test_definitions_agree_with_ast_on_the_standard_library() -> None:
    graph = build_index(STDLIB, None, options=IndexOptions())
    expected_total = found = extra = 0
    compared_files = 0
    for path in graph.paths():
        if not path.endswith(".py"):
            continue
        expected = ast_definitions((STDLIB / path).read_bytes())
        if expected is None:
            continue
        compared_files += 1
        ours = {(d.name, d.line) for d in graph.definitions(path)}
        expected_total += len(expected)
        found += len(expected & ours)
        extra += len(ours - expected)

    assert compared_files > 1000
    assert found / expected_total >= 0.99, f"found {found} of {expected_total}"
    assert extra / expected_total <= 0.01, f"{extra} extra of {expected_total}"

"""Our Python definitions against CPython's own `ast`, over the whole standard library: the
graph (tree-sitter) and the listing behind `smith index --definitions` (mostly `pydefs`)."""

from __future__ import annotations

import ast
import json
import shutil
import sysconfig
import warnings
from pathlib import Path

import pytest

from bot.codegraph import IndexOptions, build_index
from bot.codegraph.discover import MAX_FILE_BYTES, SKIP_DIRS, content_skip_reason, walk_sources
from bot.codegraph.listing import definition_lines

STDLIB = Path(sysconfig.get_paths()["stdlib"])
AST_DEFINITIONS = (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)
SAMPLE_EVERY = 3
# (name, line of `def`/`class`, last line) per file
Spans = set[tuple[str, int, int]]


def ast_definitions(source: bytes) -> Spans | None:
    """Every definition, None when ast cannot parse the file."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        try:
            tree = ast.parse(source)
        except (SyntaxError, ValueError):
            return None
    found: Spans = set()
    _collect(tree.body, found)
    return found


def _collect(body: list[ast.stmt], found: Spans) -> None:
    """Definitions are statements, so only statement lists need visiting: `ast.walk` over
    every expression node cost more than the parse."""
    for node in body:
        if isinstance(node, AST_DEFINITIONS):
            found.add((node.name, node.lineno, node.end_lineno or node.lineno))
        for field in ("body", "orelse", "finalbody"):
            inner = getattr(node, field, None)
            if inner:
                _collect(inner, found)
        for clause in getattr(node, "handlers", None) or getattr(node, "cases", None) or ():
            _collect(clause.body, found)


@pytest.fixture(scope="module")
def sample(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Every third stdlib file the graph would index, in path order, copied to their own
    tree: 600 files and 24,000 definitions of every shape, at a third of the cost (parsing
    the whole stdlib with ast takes longer than indexing it)."""
    root = tmp_path_factory.mktemp("stdlib-sample")
    sources, _skipped = walk_sources(STDLIB, SKIP_DIRS, MAX_FILE_BYTES)
    for source in sources[::SAMPLE_EVERY]:
        target = root / source.path
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(source.absolute, target)
    return root


@pytest.fixture(scope="module")
def expected(sample: Path) -> dict[str, Spans]:
    """ast's answer for every file of the sample it can parse (once for both tests)."""
    found = {}
    for path in sorted(sample.rglob("*.py")):
        data = path.read_bytes()
        spans = ast_definitions(data) if content_skip_reason(data) is None else None
        if spans is not None:
            found[path.relative_to(sample).as_posix()] = spans
    return found


def _agreement(expected: dict[str, Spans], ours: dict[str, Spans]) -> tuple[int, int, int, int]:
    """(expected, found by name and line, found with the same span too, extra)."""
    total = found = exact = extra = 0
    for path, spans in expected.items():
        mine = ours.get(path, set())
        starts = {(name, line) for name, line, _ in mine}
        expected_starts = {(name, line) for name, line, _ in spans}
        total += len(spans)
        found += len(expected_starts & starts)
        exact += len(spans & mine)
        extra += len(starts - expected_starts)
    return total, found, exact, extra


@pytest.mark.slow
def test_graph_definitions_agree_with_ast_on_the_standard_library(
    sample: Path, expected: dict[str, Spans]
) -> None:
    graph = build_index(sample, None, options=IndexOptions())
    ours = {
        path: {(d.name, d.line, d.end_line) for d in graph.definitions(path)} for path in expected
    }

    total, found, _exact, extra = _agreement(expected, ours)

    assert len(expected) > 500
    assert found / total >= 0.99, f"found {found} of {total}"
    assert extra / total <= 0.01, f"{extra} extra of {total}"


@pytest.mark.slow
def test_listed_definitions_agree_with_ast_on_the_standard_library(
    sample: Path, expected: dict[str, Spans]
) -> None:
    ours: dict[str, Spans] = {}
    for chunk in definition_lines(sample):
        for line in chunk.splitlines():
            record = json.loads(line)
            ours.setdefault(record["path"], set()).add(
                (record["name"], record["line"], record["end_line"])
            )

    total, found, exact, extra = _agreement(expected, ours)

    assert found / total >= 0.999, f"found {found} of {total}"
    assert exact / total >= 0.999, f"{exact} of {total} with ast's span"
    assert extra == 0

"""Which tests reach the changed code: what QUALITY runs when nobody named a test.

With no declared test and no red test, "green" would mean nothing ran. So QUALITY runs the
test files that reach the change: files the change itself touched that are tests, test
functions calling a changed definition (directly or through one helper, as the code graph
resolves names), and test files importing a changed module; only files named as tests
(`test_x.py`, `x.test.ts`), never the helpers and fakes beside them. Matching is by name (see
bot/codegraph/graph.py), so this over-approximates rather than misses; without a graph, or when
nothing reaches the change, QUALITY runs the configured suite instead.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from pathlib import PurePosixPath
from typing import TYPE_CHECKING

import pathspec

from bot.codegraph.graph import CodeGraph
from bot.codegraph.models import Definition
from bot.validator.diffparse import DiffParseError, parse_diff
from bot.validator.filekinds import is_test_file_name

if TYPE_CHECKING:
    from bot.workspace.checkout import Checkout

MAX_REACHING_FILES = 40
"""More test files than this reach the change: QUALITY runs the suite (it is as good and one
command)."""


def globs_matcher(globs: Iterable[str]) -> Callable[[str], bool]:
    """Whether a path is a test file by the repository's globs (`tests.paths` or defaults)."""
    spec = pathspec.GitIgnoreSpec.from_lines(list(globs))
    return lambda path: bool(spec.match_file(path)) and PurePosixPath(path).name != "conftest.py"


async def base_files(checkout: Checkout) -> list[str]:
    """Every file of the base commit (the target branch as the run found it)."""
    listing = await checkout._git("ls-tree", "-r", "-z", "--name-only", checkout.base_commit)
    return [name for name in listing.decode(errors="surrogateescape").split("\0") if name]


async def base_test_files(checkout: Checkout, is_test: Callable[[str], bool]) -> list[str]:
    """The test files of the base commit (what BRT's "no test harness" is checked against)."""
    return [name for name in await base_files(checkout) if is_test(name)]


def changed_lines(diff: str) -> dict[str, list[tuple[int, int]]]:
    """Per changed file, the line ranges of the new version the diff's hunks cover."""
    try:
        files = parse_diff(diff)
    except DiffParseError:
        return {}
    ranges: dict[str, list[tuple[int, int]]] = {}
    for change in files:
        if change.target_path is None:  # deleted: nothing of it is left to reach
            continue
        for hunk in change.hunks:
            numbers = [line.target_no for line in hunk.lines if line.target_no is not None]
            if numbers:
                ranges.setdefault(change.target_path, []).append((min(numbers), max(numbers)))
    return ranges


def _module_names(path: str) -> set[str]:
    """What an import of `path` may be written as: `pkg.mod` (also without a `src.` or `lib.`
    root) and, for `from pkg import mod`, `mod`."""
    stem = PurePosixPath(path).with_suffix("")
    parts = [p for p in stem.parts if p != "__init__"] if stem.name == "__init__" \
        else list(stem.parts)
    if not parts:
        return set()
    names = {".".join(parts), parts[-1]}
    if parts[0] in ("src", "lib") and len(parts) > 1:
        names.add(".".join(parts[1:]))
    return names


def _callers_within(graph: CodeGraph, changed: list[Definition], hops: int) -> list[Definition]:
    seen: dict[tuple[str, str, int], Definition] = {}
    frontier = changed
    for _ in range(hops):
        found = []
        for definition in frontier:
            for caller in graph.callers(definition):
                key = (caller.path, caller.qualname, caller.line)
                if key not in seen:
                    seen[key] = caller
                    found.append(caller)
        frontier = found
    return list(seen.values())


def reaching_tests(
    graph: CodeGraph | None, diff: str, is_test: Callable[[str], bool]
) -> list[str]:
    """Test files that reach the change, in path order; empty when none is found (then the
    suite runs) or when there are more than MAX_REACHING_FILES."""
    ranges = changed_lines(diff)
    tests = {path for path in ranges if is_test(path)}
    product = [path for path in ranges if not is_test(path)]
    if graph is not None:
        changed = [definition for path in product
                   for definition in graph.definitions_touched(path, ranges[path])]
        tests.update(caller.path for caller in _callers_within(graph, changed, hops=2)
                     if is_test(caller.path))
        for path in product:
            tests.update(_importing_tests(graph, path, is_test))
    # Helpers and fakes under tests/ hold no test to run; their callers were followed above.
    tests = {path for path in tests if is_test_file_name(path)}
    if len(tests) > MAX_REACHING_FILES:
        return []
    return sorted(tests)


def _importing_tests(graph: CodeGraph, path: str, is_test: Callable[[str], bool]) -> set[str]:
    """Test files (by `is_test`) importing the module `path`."""
    return {ref.path for name in _module_names(path)
            for ref in graph.find_references(name, kinds=["import"])
            if is_test(ref.path) and _imports(ref.name, name)}


def _imports(written: str, module: str) -> bool:
    """`import pkg.mod`, `from pkg.mod import f` (recorded as `pkg.mod`) and `from pkg import
    mod` (recorded as `mod`) import `pkg.mod`; `import other.mod` does not."""
    return written == module or written.endswith("." + module) or module.endswith("." + written)


def module_tests(graph: CodeGraph, path: str, is_test: Callable[[str], bool]) -> list[str]:
    """Every test file reaching the module `path`: importing it, or calling one of its
    definitions directly or through one helper; files named as tests only. In path order,
    however many there are."""
    tests = {caller.path for caller in _callers_within(graph, graph.definitions(path), hops=2)
             if is_test(caller.path)}
    tests.update(_importing_tests(graph, path, is_test))
    return sorted(path for path in tests if is_test_file_name(path))

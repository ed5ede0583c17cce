"""Gate 5 on hostile test files: nesting and name chains that would exhaust the stack or grow
as a power of the file are refused or cut, never a crash or a hang (issue #28 item 6)."""

from __future__ import annotations

import ast
import inspect
import sys
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager

import pytest

from bot.chains.tests.js_smells import analyse_js_source
from bot.chains.tests.js_tautology import js_subject
from bot.chains.tests.jsast import parse
from bot.chains.tests.nesting import MAX_FILLED, MAX_JS_DEPTH, MAX_PY_DEPTH, js_depth, py_depth
from bot.chains.tests.py_tautology import assignments, resolved
from bot.chains.tests.smells import SmellReport, Subject, analyse_source

PY_SUBJECT = Subject.of_source("calc", "def f(x):\n    return x + 1\n")
PY_HEAD = "from calc import f\n\n\ndef test_x():\n"
JS_HEAD = "import { f } from './calc';\n\ntest('x', () => {\n"
STACK_BUDGET = 450
"""Frames the detectors may take on a file at the bound: Python's default limit is 1000, and
the worker that runs the gate sits well under 500 frames deep."""

PY_SHAPES: dict[str, Callable[[int], str]] = {
    "plus chain": lambda n: "    assert f(1) == " + " + ".join(["1"] * n) + "\n",
    "names in a chain": lambda n: "    a = 1\n    assert f(a) == " + " + ".join(["a"] * n) + "\n",
    "nested calls": lambda n: "    assert f(1) == " + "f(" * n + "1" + ")" * n + "\n",
    "attributes": lambda n: "    assert f(1) == x" + ".a" * n + "\n",
    "subscripts": lambda n: "    assert f(1) == x" + "[0]" * n + "\n",
    "lambdas": lambda n: "    g = " + "lambda: " * n + "1\n    assert f(g) == 2\n",
}
JS_SHAPES: dict[str, Callable[[int], str]] = {
    "plus chain": lambda n: "  expect(f(1)).toBe(" + " + ".join(["1"] * n) + ");\n",
    "names in a chain": lambda n: "  const a = 1;\n  expect(f(a)).toBe("
                                  + " + ".join(["a"] * n) + ");\n",
    "nested calls": lambda n: "  expect(f(1)).toBe(" + "f(" * n + "1" + ")" * n + ");\n",
    "arrays": lambda n: "  expect(f(1)).toEqual(" + "[" * n + "1" + "]" * n + ");\n",
    "attributes": lambda n: "  expect(f(1)).toBe(x" + ".a" * n + ");\n",
    "negations": lambda n: "  expect(f(1)).toBe(" + "!" * n + "1);\n",
    "arrows": lambda n: "  const g = " + "() => " * n + "1;\n  expect(f(g)).toBe(2);\n",
}


def py_file(body: str) -> str:
    return PY_HEAD + body


def js_file(body: str) -> str:
    return JS_HEAD + body + "});\n"


def refused(report: SmellReport) -> bool:
    return report.verdict == "reject" and [(s.test, s.kind) for s in report.smells] == [
        ("<file>", "empty_test")]


@pytest.mark.parametrize(("shape", "size"), [
    ("plus chain", 500), ("plus chain", 5000), ("names in a chain", 500), ("nested calls", 190),
    ("attributes", 600), ("subscripts", 600), ("lambdas", 400)])
def test_a_python_file_nested_too_deep_is_refused_with_its_reason(shape: str, size: int) -> None:
    report = analyse_source(py_file(PY_SHAPES[shape](size)), "tests/test_x.py", PY_SUBJECT)
    assert refused(report)
    assert "too deep" in report.smells[0].detail


@pytest.mark.parametrize(("shape", "size"), [
    ("plus chain", 500), ("plus chain", 5000), ("names in a chain", 500), ("nested calls", 300),
    ("arrays", 900), ("attributes", 600), ("negations", 600), ("arrows", 400)])
def test_a_js_file_nested_too_deep_is_refused_with_its_reason(shape: str, size: int) -> None:
    report = analyse_js_source(js_file(JS_SHAPES[shape](size)), "x.test.js")
    assert refused(report)
    assert "too deep" in report.smells[0].detail and str(MAX_JS_DEPTH) in report.smells[0].detail


def largest(shape: Callable[[int], str], depth: Callable[[str], int], bound: int) -> str:
    """The shape grown as far as it stays within the bound."""
    size = 1
    while depth(shape(size + 1)) <= bound:
        size += 1
    return shape(size)


@contextmanager
def stack_of(frames: int) -> Iterator[None]:
    """Python's recursion limit set to `frames` more than the stack holds now."""
    before = sys.getrecursionlimit()
    sys.setrecursionlimit(len(inspect.stack(0)) + frames)
    try:
        yield
    finally:
        sys.setrecursionlimit(before)


@pytest.mark.parametrize("shape", sorted(PY_SHAPES))
def test_a_python_file_at_the_bound_is_read_within_the_stack_budget(shape: str) -> None:
    source = largest(lambda n: py_file(PY_SHAPES[shape](n)),
                     lambda text: py_depth(ast.parse(text))[0], MAX_PY_DEPTH)
    with stack_of(STACK_BUDGET):
        report = analyse_source(source, "tests/test_x.py", PY_SUBJECT)
    assert not any(s.test == "<file>" for s in report.smells)  # read, not refused


@pytest.mark.parametrize("shape", sorted(JS_SHAPES))
def test_a_js_file_at_the_bound_is_read_within_the_stack_budget(shape: str) -> None:
    source = largest(lambda n: js_file(JS_SHAPES[shape](n)),
                     lambda text: js_depth(parse(text, "x.test.js")[0].root_node)[0],
                     MAX_JS_DEPTH)
    with stack_of(STACK_BUDGET):
        report = analyse_js_source(source, "x.test.js")
    assert not any(s.test == "<file>" for s in report.smells)


def name_bomb(terms: int, steps: int, *, js: bool, reverse: bool = False) -> str:
    """Each name bound to a sum of `terms` copies of the one before: filled in four names deep
    it would be terms⁴ nodes. `reverse` binds the last name first (`a6 = a5 + …` before
    `a5 = …`): the fillers read the final map whatever the order."""
    order = range(steps, 0, -1) if reverse else range(1, steps + 1)
    if js:
        lines = [f"  const a{i} = " + " + ".join([f"a{i - 1}"] * terms) + ";\n" for i in order]
        first = "  const a0 = 1;\n"
    else:
        lines = [f"    a{i} = " + " + ".join([f"a{i - 1}"] * terms) + "\n" for i in order]
        first = "    a0 = 1\n"
    lines = [*lines, first] if reverse else [first, *lines]
    check = f"  expect(f(1)).toBe(a{steps});\n" if js else f"    assert f(1) == a{steps}\n"
    return (js_file if js else py_file)("".join(lines) + check)


@pytest.mark.parametrize("reverse", [False, True])
def test_names_are_filled_in_only_while_what_they_stand_for_stays_small(reverse: bool) -> None:
    test = ast.parse(name_bomb(40, 6, js=False, reverse=reverse)).body[-1]
    bound = assignments(test)
    assert "a1" in bound and "a6" not in bound  # a1 is 40 names; a6 would be 40⁶
    for name in ("a2", "a3", "a4", "a5", "a6"):
        filled = resolved(ast.Name(id=name), bound)
        assert sum(1 for _ in ast.walk(filled)) <= MAX_FILLED


@pytest.mark.parametrize("reverse", [False, True])
@pytest.mark.parametrize("js", [False, True])
def test_a_name_chain_bomb_is_read_in_moments(js: bool, reverse: bool) -> None:
    """Bound in reverse order the chain was measured a name at a time with the later names as
    one node each, and filled in whole: 30 terms, five names, 524 bytes took 67 s."""
    source = name_bomb(40 if not reverse else 30, 6, js=js, reverse=reverse)
    started = time.monotonic()
    report = (analyse_js_source(source, "x.test.js") if js
              else analyse_source(source, "tests/test_x.py", PY_SUBJECT))
    assert time.monotonic() - started < 10  # it was minutes: 25 terms took 97 s in JS
    assert not any(s.test == "<file>" for s in report.smells)


def test_a_module_under_test_too_deep_loses_only_that_function() -> None:
    deep = "def deep(x):\n    return " + " + ".join(["x"] * 400) + "\n"
    plain = "def area(w, h):\n    return w * h + 1\n"
    subject = Subject.of_source("geo", deep + plain)
    assert subject.functions == {"deep", "area"}
    assert "area" in subject.operators and "deep" not in subject.operators
    assert subject.returns  # area's formula is still known

    js_deep = "export function deep(x) { return " + " + ".join(["x"] * 600) + "; }\n"
    js_plain = "export function area(w, h) { return w * h + 1; }\n"
    js = js_subject("geo.js", js_deep + js_plain)
    assert js.functions == {"deep", "area"}
    assert "area" in js.operators and "deep" not in js.operators
    assert js.returns


@pytest.mark.parametrize("js", [False, True])
def test_one_test_of_hundreds_of_checks_is_read_in_moments(js: bool) -> None:
    """The test's bindings are read once, not once per check: 1200 checks took 142 s (Python)
    and 62 s (JavaScript) when each check walked the whole test again."""
    checks = 800
    if js:
        source = js_file("".join(f"  const a{i} = f({i});\n  expect(a{i}).toBe({i + 1});\n"
                                 for i in range(checks)))
    else:
        source = py_file("".join(f"    a{i} = f({i})\n    assert a{i} == {i + 1}\n"
                                 for i in range(checks)))
    started = time.monotonic()
    report = (analyse_js_source(source, "x.test.js") if js
              else analyse_source(source, "tests/test_x.py", PY_SUBJECT))
    assert time.monotonic() - started < 10  # 800 took about 60 s and 25 s before
    assert "assertion_roulette" in {s.kind for s in report.smells}


@pytest.mark.parametrize("js", [False, True])
def test_many_helpers_and_tests_are_read_once_each(js: bool) -> None:
    """What the file's helpers build or replace is read once per file, not per test, and a
    test's comments are looked up by row, not by walking its siblings: 1000 helpers, 1000 tests
    calling them and 20,000 comment lines read in moments (read per test, 300 of each took
    10 s in Python)."""
    count = 1000
    comments = "".join(f"{'//' if js else '#'} {i}\n" for i in range(20_000))
    if js:
        source = ("import { f } from './calc';\n" + "".join(
            f"function helper{i}() {{ const o = {{}}; o.f = jest.fn(); return o; }}\n"
            for i in range(count)) + comments + "".join(
            f"test('t{i}', () => {{ const deps = helper{i}(); expect(f(deps)).toBe(1); }});\n"
            for i in range(count)))
    else:
        source = ("from unittest.mock import Mock\n\nfrom calc import f\n\n\n" + "".join(
            f"def helper_{i}():\n    o = Mock()\n    o.f = Mock()\n    return o\n\n\n"
            for i in range(count)) + comments + "".join(
            f"def test_{i}():\n    deps = helper_{i}()\n    assert f(deps) == 1\n\n\n"
            for i in range(count)))
    started = time.monotonic()
    report = (analyse_js_source(source, "x.test.js") if js
              else analyse_source(source, "tests/test_x.py", PY_SUBJECT))
    assert time.monotonic() - started < 20  # read per test: 26 s (Python), 55 s (JS)
    assert not {"empty_test", "no_assertion"} & {s.kind for s in report.smells}

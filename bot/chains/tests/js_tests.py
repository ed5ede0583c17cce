"""What a jest or vitest file defines: its tests, named as the runners report them.

Tree-sitter over the file. A test is a `test`/`it` call (with `.only`, `.skip`, `.concurrent`,
`.each(table)`...) that is not inside another test or a helper's body, named with the titles
of the `describe` blocks around it joined by spaces (jest-junit's and vitest's default names),
and carrying the hooks (`beforeEach`, `beforeAll`...) of those blocks. Also here: the file's
imports (local name → module specifier), a specifier as a checkout path, a function's name and
body, and the `expect(...)` call at the root of a matcher chain.
"""

from __future__ import annotations

import posixpath
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from pathlib import PurePosixPath

from tree_sitter import Node

from bot.chains.tests.jsast import (
    args_of,
    call_name,
    callee,
    function_body,
    is_string,
    member_path,
    parse,
    string_value,
    text,
    unwrap,
    walk,
)

TEST_CALLS = frozenset({"test", "it", "specify", "fit", "xit", "xtest"})
SUITE_CALLS = frozenset({"describe", "context", "suite", "fdescribe", "xdescribe"})
HOOK_CALLS = frozenset({"beforeEach", "beforeAll", "afterEach", "afterAll", "setup",
                        "teardown", "before", "after"})
MODIFIERS = frozenset({"only", "skip", "concurrent", "failing", "sequential", "fails",
                       "shuffle", "runIf", "skipIf"})


@dataclass(frozen=True)
class JsTest:
    name: str
    call: Node
    statement: Node
    body: Node | None
    hooks: tuple[Node, ...]
    """The callbacks of the hooks of the file and of every describe block around the test."""


def tests_of(root: Node) -> Iterator[JsTest]:
    """Every test of the file, in source order."""
    yield from _tests_in(root, (), ())


def _tests_in(container: Node, names: tuple[str, ...],
              hooks: tuple[Node, ...]) -> Iterator[JsTest]:
    """Tests directly in `container` (not inside another test), with the hooks they see."""
    found: list[tuple[str, Node]] = []
    own: list[Node] = []
    for node in _runner_calls(container):
        matched = _kind_of(node)
        if matched is None:
            continue
        found.append((matched[0], node))
        if matched[0] == "hook":
            callback = _callback_any(node)
            if callback is not None:
                own.append(callback)
    seen = (*hooks, *own)
    for kind, call in found:
        title = _title(call)
        inner = (*names, title) if title else names
        if kind == "suite":
            body = function_body(_callback(call))
            if body is not None:
                yield from _tests_in(body, inner, seen)
        elif kind == "test":
            yield JsTest(" ".join(inner), call, _statement_of(call),
                         function_body(_callback(call)), seen)


def js_test_names(source: str, path: str = "<test>.test.js") -> list[str]:
    """The tests a file defines, named as jest reports them (`describe title test title`)."""
    tree, _ = parse(source, path)
    return [t.name for t in tests_of(tree.root_node)]


def drop_js_tests(source: str, names: Sequence[str], path: str = "<test>.test.js") -> str:
    """`source` without the named tests; a describe block left without tests goes too."""
    tree, _ = parse(source, path)
    root = tree.root_node
    doomed = {n.strip() for n in names}
    tests = list(tests_of(root))
    cut: set[int] = set()
    for test in tests:
        if test.name.strip() in doomed:
            cut.update(range(test.statement.start_point.row, test.statement.end_point.row + 1))
    for suite in _suites(root):
        inside = [t for t in tests if suite.start_byte <= t.statement.start_byte
                  and t.statement.end_byte <= suite.end_byte]
        if inside and all(t.name.strip() in doomed for t in inside):
            cut.update(range(suite.start_point.row, suite.end_point.row + 1))
    lines = source.splitlines(keepends=True)
    return "".join(line for row, line in enumerate(lines) if row not in cut)


def _root_and_modifiers(function: Node | None) -> tuple[str, list[str]]:
    path = member_path(unwrap(function))
    return path[0], path[1:]


def _kind_of(call: Node) -> tuple[str, Node] | None:
    """("test" | "suite" | "hook", the call carrying title and callback) for a runner call."""
    function = unwrap(callee(call))
    if function is None:
        return None
    if function.type == "call_expression":  # test.each(table)(title, fn)
        inner = unwrap(callee(function))
        root, mods = _root_and_modifiers(inner)
        if mods and mods[-1] == "each" and set(mods[:-1]) <= MODIFIERS:
            if root in TEST_CALLS:
                return "test", call
            if root in SUITE_CALLS:
                return "suite", call
        return None
    if function.type not in ("identifier", "member_expression"):
        return None
    root, mods = _root_and_modifiers(function)
    if not set(mods) <= MODIFIERS:
        return None
    if root in TEST_CALLS:
        return "test", call
    if root in SUITE_CALLS:
        return "suite", call
    if root in HOOK_CALLS and not mods:
        return "hook", call
    return None


def _title(call: Node) -> str:
    args = args_of(call)
    if not args:
        return ""
    value = string_value(args[0])
    if value is not None:
        return value
    raw = text(args[0])
    return raw[1:-1] if is_string(args[0]) and len(raw) >= 2 else raw


def _callback(call: Node) -> Node | None:
    for arg in args_of(call)[1:]:
        if function_body(arg) is not None:
            return arg
    return None


def _statement_of(node: Node) -> Node:
    while node.parent is not None and node.type != "expression_statement":
        node = node.parent
    return node


def _callback_any(call: Node) -> Node | None:
    for arg in args_of(call):
        if function_body(arg) is not None:
            return arg
    return None


def _runner_calls(container: Node) -> Iterator[Node]:
    """Calls below `container` that are not inside a function other than `container` itself
    (a test's or a helper's body): the describe/test/hook calls of this block."""
    stack = list(reversed(container.children))
    while stack:
        node = stack.pop()
        if node.type == "call_expression" and _kind_of(node) is not None:
            yield node
            continue
        if node.type in ("function_declaration", "method_definition", "class_declaration",
                         "generator_function_declaration"):
            continue  # a helper's body: what it defines is not this block's
        stack.extend(reversed(node.children))


def _suites(root: Node) -> Iterator[Node]:
    for node in walk(root):
        if node.type == "call_expression":
            kind = _kind_of(node)
            if kind is not None and kind[0] == "suite":
                yield _statement_of(node)


def imports_of(root: Node) -> dict[str, str]:
    """Local name → module specifier, for `import`s and `require`s of the file."""
    found: dict[str, str] = {}
    for node in walk(root):
        if node.type == "import_statement":
            source = string_value(node.child_by_field_name("source"))
            if source is None:
                continue
            for inner in walk(node):
                if inner.type == "import_specifier":
                    alias = inner.child_by_field_name("alias") or inner.child_by_field_name(
                        "name")
                    found[text(alias)] = source
                elif inner.type == "namespace_import":
                    names = [c for c in inner.named_children if c.type == "identifier"]
                    if names:
                        found[text(names[-1])] = source
                elif inner.type == "import_clause":
                    for child in inner.named_children:
                        if child.type == "identifier":
                            found[text(child)] = source
        elif node.type == "variable_declarator":
            value = unwrap(node.child_by_field_name("value"))
            if value is None or value.type != "call_expression" or call_name(value) != "require":
                continue
            source = string_value(args_of(value)[0]) if args_of(value) else None
            if source is None:
                continue
            name = node.child_by_field_name("name")
            if name is None:
                continue
            if name.type == "identifier":
                found[text(name)] = source
            else:
                for inner in walk(name):
                    if inner.type in ("shorthand_property_identifier_pattern", "identifier"):
                        found[text(inner)] = source
    return found


def module_key(spec: str, path: str) -> str:
    """A module specifier as a checkout path without suffix (`../src/calc` from
    `tests/calc.test.js` → `src/calc`); package names stay as they are."""
    if not spec.startswith("."):
        return spec
    joined = posixpath.normpath(posixpath.join(posixpath.dirname(path), spec))
    stem = PurePosixPath(joined)
    return str(stem.with_suffix("")) if stem.suffix in (".js", ".ts", ".mjs", ".cjs", ".jsx",
                                                        ".tsx") else str(stem)


def function_of(node: Node) -> tuple[str, Node | None]:
    """(name, body) of a function declaration, a method or `const f = (...) => ...`."""
    if node.type in ("function_declaration", "generator_function_declaration",
                     "method_definition"):
        return text(node.child_by_field_name("name")), node.child_by_field_name("body")
    if node.type == "variable_declarator":
        value = unwrap(node.child_by_field_name("value"))
        name = node.child_by_field_name("name")
        if value is not None and name is not None and name.type == "identifier" and \
                value.type in ("arrow_function", "function_expression", "function"):
            return text(name), value.child_by_field_name("body")
    if node.type == "pair":
        value = unwrap(node.child_by_field_name("value"))
        if value is not None and value.type in ("arrow_function", "function_expression"):
            return text(node.child_by_field_name("key")), value.child_by_field_name("body")
    return "", None


def expect_call(node: Node) -> Node | None:
    """The `expect(...)` call at the root of a matcher chain (`expect(x).not.toBe(y)`)."""
    current = unwrap(callee(node)) if node.type == "call_expression" else node
    while current is not None:
        if current.type == "member_expression":
            current = unwrap(current.child_by_field_name("object"))
        elif current.type == "call_expression":
            function = unwrap(callee(current))
            path = member_path(function)
            if path in (["expect"], ["expect", "soft"], ["chai", "expect"], ["assert"]) or (
                    function is not None and function.type == "identifier"
                    and text(function) == "expect"):
                return current
            current = function
        else:
            return None
    return None

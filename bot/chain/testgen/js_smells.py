"""Gate 5 for JavaScript and TypeScript: test smells of jest and vitest files, found statically.

Tree-sitter over the file; no test is imported or run. The kinds and levels are Python's
(`smells.py`): tests are `test`/`it` calls (with `.only`, `.skip`, `.concurrent`, `.each`),
named with their `describe` titles as the runners report them; assertions are `expect(...)`
matcher chains, node's `assert`, `sinon.assert` and helpers that assert; mocks are
`jest.fn/mock/spyOn`, `vi.fn/mock/spyOn`, sinon stubs and spies, counted with the file's
module mocks and the hooks above the test. Look-alikes are spared as in Python: messages
(`expect(x, "why")`, `assert.equal(a, b, "why")`), collaborators mocked, fake timers, round
trips, independent oracles, derivations in comments.
"""

from __future__ import annotations

import posixpath
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import PurePosixPath

from tree_sitter import Node

from bot.chain.testgen.jsast import (
    args_of,
    call_name,
    callee,
    function_body,
    is_string,
    line_of,
    member_path,
    number_value,
    parse,
    string_value,
    text,
    unwrap,
    walk,
)
from bot.chain.testgen.smells import (
    MAX_BARE_ASSERTIONS,
    MAX_MOCKS,
    PLAIN_NUMBERS,
    REJECT_KINDS,
    FileVerdict,
    Level,
    Smell,
    SmellReport,
    Subject,
)

TEST_CALLS = frozenset({"test", "it", "specify", "fit", "xit", "xtest"})
SUITE_CALLS = frozenset({"describe", "context", "suite", "fdescribe", "xdescribe"})
HOOK_CALLS = frozenset({"beforeEach", "beforeAll", "afterEach", "afterAll", "setup",
                        "teardown", "before", "after"})
MODIFIERS = frozenset({"only", "skip", "concurrent", "failing", "sequential", "fails",
                       "shuffle", "runIf", "skipIf"})
MOCK_ROOTS = frozenset({"jest", "vi", "sinon", "td"})
MOCK_FACTORIES = frozenset({"fn", "mock", "doMock", "spyOn", "replaceProperty", "stubGlobal",
                            "createMockFromModule", "stub", "spy", "fake", "replace",
                            "replaceGetter", "replaceSetter", "createStubInstance", "func",
                            "object", "mocked"})
MODULE_MOCKS = frozenset({"mock", "doMock", "unstable_mockModule"})
FAKE_TIMERS = frozenset({"useFakeTimers", "install", "advanceTimersByTime", "runAllTimers",
                         "tick", "tickAsync", "runOnlyPendingTimers", "advanceTimersByTimeAsync",
                         "runAllTimersAsync"})
SLEEP_CALLS = frozenset({"sleep", "delay", "waitForTimeout", "pause"})
EQUALITY_MATCHERS = frozenset({"toBe", "toEqual", "toStrictEqual", "toBeCloseTo", "equal",
                               "equals", "eql", "strictEqual", "deepEqual", "deepStrictEqual",
                               "is"})
THROW_MATCHERS = frozenset({"toThrow", "toThrowError", "throw", "throws"})
BROAD_ERRORS = frozenset({"Error"})
ASSERT_TWO_VALUES = frozenset({"equal", "notEqual", "strictEqual", "notStrictEqual",
                               "deepEqual", "deepStrictEqual", "notDeepEqual",
                               "notDeepStrictEqual", "match", "doesNotMatch", "closeTo",
                               "approximately", "include", "sameMembers", "typeOf",
                               "instanceOf", "lengthOf", "property", "isAbove", "isBelow",
                               "isAtLeast", "isAtMost"})
DATA_BUILDERS = frozenset({"String", "Number", "Boolean", "Array", "Object", "Set", "Map",
                           "from", "of", "keys", "values", "entries", "parseInt", "parseFloat",
                           "toString", "BigInt", "Symbol", "fill", "isArray"})
GENERIC_PATCHES = frozenset({"now", "random", "sleep", "setTimeout", "fetch", "log", "info",
                             "warn", "error", "debug", "get", "post", "put", "request",
                             "readFile", "readFileSync", "writeFile", "writeFileSync",
                             "exit", "cwd", "getTime", "toISOString"})
"""Clock, randomness, console, network and files: patched so the test can call them too."""


@dataclass
class _Scope:
    """What a describe block (or the file) gives the tests inside it."""

    names: tuple[str, ...] = ()
    mocks: int = 0
    patched: frozenset[str] = frozenset()


@dataclass
class _Test:
    name: str
    call: Node
    statement: Node
    body: Node | None
    scope: _Scope


@dataclass
class _Facts:
    assertions: list[tuple[Node, Node | None]] = field(default_factory=list)
    """(the assertion node, the value it is about)."""
    bare: list[tuple[Node, Node | None]] = field(default_factory=list)
    mocks: int = 0
    patched: set[str] = field(default_factory=set)


def analyse_js_source(source: str, path: str = "<test>.test.js",
                      subject: Subject | None = None) -> SmellReport:
    """Every smell of every test in `source`; a file that does not parse is one rejection."""
    subject = subject or Subject()
    tree, _ = parse(source, path)
    if tree.root_node.has_error:
        bad = next((n for n in walk(tree.root_node) if n.is_error or n.is_missing),
                   tree.root_node)
        smell = Smell(kind="empty_test", level="reject", test="<file>", line=line_of(bad),
                      detail="does not parse")
        return SmellReport(path=path, verdict="reject", smells=[smell])
    root = tree.root_node
    imports = _imports(root)
    helpers = _asserting_helpers(root)
    fake_timers = _uses_fake_timers(root)
    smells: list[Smell] = []
    for test in _tests(root, path, imports):
        smells += _smells_of(test, helpers, subject, fake_timers, imports, path)
    verdict: FileVerdict = ("reject" if any(s.level == "reject" for s in smells)
                            else "warn" if smells else "accept")
    return SmellReport(path=path, verdict=verdict, smells=smells)


def js_subject(path: str, source: str, functions: Iterable[str] = ()) -> Subject:
    """The module under test: its path without suffix, its functions and return shapes."""
    wanted = set(functions)
    tree, _ = parse(source, path)
    defined: set[str] = set()
    shapes: list[str] = []
    for node in walk(tree.root_node):
        name, body = _function_of(node)
        if not name:
            continue
        defined.add(name)
        if wanted and name not in wanted or body is None:
            continue
        returned = [body] if body.type not in ("statement_block", "class_body") else [
            r.named_children[0] for r in walk(body)
            if r.type == "return_statement" and r.named_children]
        shapes += [js_shape(r) for r in returned if _is_formula(r) and js_shape(r) != "_"]
    module = str(PurePosixPath(path).with_suffix(""))
    return Subject(module, frozenset(wanted or defined), tuple(shapes))


def js_test_names(source: str, path: str = "<test>.test.js") -> list[str]:
    """The tests a file defines, named as jest reports them (`describe title test title`)."""
    tree, _ = parse(source, path)
    return [t.name for t in _tests(tree.root_node, path, _imports(tree.root_node))]


def drop_js_tests(source: str, names: Sequence[str], path: str = "<test>.test.js") -> str:
    """`source` without the named tests; a describe block left without tests goes too."""
    tree, _ = parse(source, path)
    root = tree.root_node
    doomed = {n.strip() for n in names}
    tests = list(_tests(root, path, _imports(root)))
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


# --- what a test is ---------------------------------------------------------------------------


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


def _tests(root: Node, path: str, imports: dict[str, str]) -> Iterator[_Test]:
    mocks, patched = _module_mocks(root, path, imports)
    yield from _tests_in(root, _Scope((), mocks, frozenset(patched)))


def _tests_in(container: Node, scope: _Scope) -> Iterator[_Test]:
    """Tests directly in `container` (not inside another test), with the scope they see."""
    hooks_mocks, hooks_patched = 0, set()
    found: list[tuple[str, Node]] = []
    for node in _runner_calls(container):
        kind = _kind_of(node)
        if kind is None:
            continue
        found.append((kind[0], node))
        if kind[0] == "hook":
            callback = _callback_any(node)
            if callback is not None:
                facts = _Facts()
                for inner in walk(callback):
                    if inner.type == "call_expression":
                        _note_mock(inner, facts)
                    elif inner.type == "assignment_expression":
                        _note_assigned_mock(inner, facts)
                hooks_mocks += facts.mocks
                hooks_patched |= facts.patched
    inner_scope = _Scope(scope.names, scope.mocks + hooks_mocks,
                         scope.patched | frozenset(hooks_patched))
    for kind, call in found:
        title = _title(call)
        names = (*scope.names, title) if title else scope.names
        if kind == "suite":
            body = function_body(_callback(call))
            if body is not None:
                yield from _tests_in(body, _Scope(names, inner_scope.mocks,
                                                  inner_scope.patched))
        elif kind == "test":
            callback = _callback(call)
            yield _Test(" ".join(names), call, _statement_of(call), function_body(callback),
                        inner_scope)


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


# --- the file ---------------------------------------------------------------------------------


def _imports(root: Node) -> dict[str, str]:
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


def _module_mocks(root: Node, path: str, imports: dict[str, str]) -> tuple[int, set[str]]:
    """`jest.mock('./x')` / `vi.mock(...)` at the file's top: how many, and what they replace
    (`x.name` for every name imported from the module, or the factory's keys)."""
    count, patched = 0, set()
    for node in root.named_children:
        call = unwrap(node.named_children[0]) if node.type == "expression_statement" and \
            node.named_children else None
        if call is None or call.type != "call_expression":
            continue
        root_name, mods = _root_and_modifiers(callee(call))
        if root_name not in ("jest", "vi") or not mods or mods[-1] not in MODULE_MOCKS:
            continue
        count += 1
        args = args_of(call)
        spec = string_value(args[0]) if args else None
        if spec is None:
            continue
        module = _module_key(spec, path)
        factory = function_body(args[1]) if len(args) > 1 else None
        keys = _factory_keys(factory) if factory is not None else None
        names = keys if keys is not None else [n for n, s in imports.items() if s == spec]
        patched.update(f"{module}.{name}" for name in names)
        patched.add(f"{module}.*")
    return count, patched


def _factory_keys(body: Node) -> list[str] | None:
    """The names a mock factory replaces: the keys of the object it returns."""
    returned = unwrap(body)
    if returned is not None and returned.type == "statement_block":
        found = [r for r in walk(returned) if r.type == "return_statement" and r.named_children]
        returned = unwrap(found[-1].named_children[0]) if found else None
    if returned is None or returned.type != "object":
        return None
    keys = []
    for child in returned.named_children:
        if child.type == "pair":
            keys.append(text(child.child_by_field_name("key")).strip("'\""))
        elif child.type in ("shorthand_property_identifier", "method_definition"):
            keys.append(text(child.child_by_field_name("name") or child))
    return keys


def _module_key(spec: str, path: str) -> str:
    """A module specifier as a checkout path without suffix (`../src/calc` from
    `tests/calc.test.js` → `src/calc`); package names stay as they are."""
    if not spec.startswith("."):
        return spec
    joined = posixpath.normpath(posixpath.join(posixpath.dirname(path), spec))
    stem = PurePosixPath(joined)
    return str(stem.with_suffix("")) if stem.suffix in (".js", ".ts", ".mjs", ".cjs", ".jsx",
                                                        ".tsx") else str(stem)


def _asserting_helpers(root: Node) -> set[str]:
    """Functions of the file (not tests) whose bodies assert: calling one is an assertion."""
    found: set[str] = set()
    for node in walk(root):
        name, body = _function_of(node)
        if name and body is not None and any(_is_assertion(inner, set()) for inner in walk(body)
                                             if inner.type == "call_expression"):
            found.add(name)
    return found


def _function_of(node: Node) -> tuple[str, Node | None]:
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


def _uses_fake_timers(root: Node) -> bool:
    for node in walk(root):
        if node.type == "call_expression":
            path = member_path(unwrap(callee(node)))
            if path[-1] in FAKE_TIMERS and (path[0] in MOCK_ROOTS or "clock" in path[0].lower()
                                            or path[0] in ("FakeTimers", "timers")):
                return True
            if path[:1] in (["jest"], ["vi"]) and path[-1] == "spyOn":
                args = args_of(node)
                if len(args) > 1 and string_value(args[1]) == "setTimeout":
                    return True
    return False


# --- the smells of one test -------------------------------------------------------------------


def _smells_of(test: _Test, helpers: set[str], subject: Subject, fake_timers: bool,
               imports: dict[str, str], path: str) -> list[Smell]:
    smells: list[Smell] = []
    line = line_of(test.call)

    def add(kind: str, at: int, detail: str = "") -> None:
        level: Level = "reject" if kind in REJECT_KINDS else "warn"
        smells.append(Smell(kind=kind, level=level, test=test.name, line=at, detail=detail))

    if test.body is None or _is_empty(test.body):
        if "todo" not in text(callee(test.call)):
            add("empty_test", line)
        return smells
    facts = _Facts(mocks=test.scope.mocks, patched=set(test.scope.patched))
    sleeps: list[Node] = []
    for node in walk(test.body):
        if node.type == "assignment_expression":
            _note_assigned_mock(node, facts)
            continue
        if node.type == "member_expression" and node.parent is not None and \
                node.parent.type == "expression_statement" and _expect_call(node) is not None:
            about, message = _about(node)  # chai's property assertions: `.to.be.true`
            facts.assertions.append((node, about))
            if not message:
                facts.bare.append((node, about))
            continue
        if node.type != "call_expression":
            continue
        if _is_assertion(node, helpers):
            about, message = _about(node)
            facts.assertions.append((node, about))
            if not message:
                facts.bare.append((node, about))
            broad = _broad_throw(node)
            if broad is not None:
                add("broad_exception_assert", line_of(node), broad)
        if _is_sleep(node):
            sleeps.append(node)
        _note_mock(node, facts)
    if not facts.assertions:
        add("no_assertion", line)
    subjects = {_subject_of(about) for _, about in facts.bare}
    if len(facts.bare) > MAX_BARE_ASSERTIONS and len(subjects) > 2:
        add("assertion_roulette", line_of(facts.bare[0][0]),
            f"{len(facts.bare)} assertions without messages on {len(subjects)} subjects")
    if facts.mocks > MAX_MOCKS:
        add("excessive_mocking", line, f"{facts.mocks} mocks")
    checked = {_checked_call(_resolved(about, test.body)) for _, about in facts.assertions}
    sut = _sut_patched(facts, subject, imports, path, checked - {""})
    if sut:
        add("mocks_sut", line, f"replaces {sut}, the code under test")
    for assertion, _ in facts.assertions:
        why = _tautology(assertion, test.body, subject)
        if why:
            add("tautology", line_of(assertion), why)
    if sleeps and not fake_timers:
        add("sleep_in_unit_test", line_of(sleeps[0]))
    for assertion, _ in facts.bare:
        number = _magic_number(assertion)
        if number is not None:
            add("magic_numbers", line_of(assertion), repr(number))
            break
    return smells


def _is_empty(body: Node) -> bool:
    if body.type != "statement_block":
        return False
    return all(child.type in ("comment", "empty_statement") for child in body.named_children)


def _expect_call(node: Node) -> Node | None:
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


def _is_assertion(node: Node, helpers: set[str]) -> bool:
    """A matcher call on `expect(...)`, an `assert` call, `sinon.assert.*`, a helper that
    asserts, or a call whose name says it asserts (`assertSorted`, `expectValid`)."""
    function = unwrap(callee(node))
    if function is None:
        return False
    path = member_path(function)
    if function.type == "member_expression":
        root = _expect_call(node)
        if root is not None and root is not node and path[0] != "expect":
            return True
        if path[0] in ("assert", "sinon") and (path[0] == "assert" or "assert" in path):
            return True
        if path[-1] == "expect" and path[0] == "":
            return True  # supertest and its kin: `request(app).get(url).expect(200)`
        if path[0] == "expect":
            return False  # `expect.assertions(2)`, `expect.any(Number)`: not checks themselves
        return path[-1] in helpers
    if function.type == "identifier":
        name = text(function)
        if name == "expect":
            return False  # the chain's matcher is the assertion, not `expect(x)` itself
        return name in ("assert", "fail") or name in helpers or name.startswith(
            ("assert", "expect")) and len(name) > 6
    return False


def _about(assertion: Node) -> tuple[Node | None, bool]:
    """(the value an assertion checks, whether it carries a message)."""
    root = _expect_call(assertion)
    if root is not None and root is not assertion:
        args = args_of(root)
        return (args[0] if args else None), len(args) > 1 and is_string(args[1])
    args = args_of(assertion)
    path = member_path(unwrap(callee(assertion)))
    method = path[-1] if len(path) > 1 else ""
    if path[0] == "assert":
        index = 2 if method in ASSERT_TWO_VALUES else 1
        if method in ("throws", "rejects", "doesNotThrow", "doesNotReject"):
            message = any(is_string(a) for a in args[1:])
        else:
            message = len(args) > index and is_string(args[index])
        return (args[0] if args else None), message
    return (args[0] if args else None), False


def _subject_of(value: Node | None) -> str:
    """What an assertion is about: the first function its value calls, else its root name."""
    if value is None:
        return ""
    for node in walk(value):
        if node.type == "call_expression":
            return call_name(node) or text(callee(node))[:40]
        if node.type in ("identifier", "this"):
            return text(node)
    return text(value)[:40]


def _checked_call(value: Node | None) -> str:
    """The function whose result an assertion checks (`expect(total(xs))` → total); none
    for a bare reference (`expect(send).toHaveBeenCalled()` checks a mock, not a result)."""
    value = unwrap(value)
    if value is None:
        return ""
    for node in walk(value):
        if node.type == "call_expression":
            return call_name(node)
        if node.type in ("arrow_function", "function_expression"):
            return ""
    return ""


def _broad_throw(assertion: Node) -> str | None:
    """`toThrow()` with no argument or the base `Error`: any error passes."""
    function = unwrap(callee(assertion))
    if function is None or function.type != "member_expression":
        return None
    path = member_path(function)
    name = path[-1]
    args = args_of(assertion)
    if name in THROW_MATCHERS and _expect_call(assertion) is not None and "not" not in path:
        if not args:
            return f"{name}()"
        if text(args[0]) in BROAD_ERRORS:
            return f"{name}({text(args[0])})"
    if path[0] == "assert" and name in ("throws", "rejects"):
        matcher = args[1] if len(args) > 1 and not is_string(args[1]) else None
        if matcher is None:
            return f"assert.{name} without an expected error"
        if text(matcher) in BROAD_ERRORS:
            return f"assert.{name}(…, {text(matcher)})"
    return None


def _is_sleep(call: Node) -> bool:
    """A real wait: `setTimeout(r, 100)`, `await sleep(50)`, `timers/promises` setTimeout."""
    name = call_name(call)
    args = args_of(call)
    if name == "setTimeout":
        delay = args[1] if len(args) > 1 else args[0] if args and number_value(args[0]) \
            is not None else None
        if delay is None:
            return False
        value = number_value(delay)
        return value is None or value > 0
    if name in SLEEP_CALLS and args:
        value = number_value(args[0])
        return value is None or value > 0
    return False


def _note_mock(call: Node, facts: _Facts) -> bool:
    """Count a mock made by this call; True when it is one."""
    path = member_path(unwrap(callee(call)))
    root, last = path[0], path[-1]
    is_mock = (root in MOCK_ROOTS and len(path) > 1 and path[1] in MOCK_FACTORIES) or (
        ("sandbox" in root.lower() or root.lower().endswith("sinon")) and len(path) > 1
        and last in ("stub", "spy", "mock", "replace", "fake"))
    if not is_mock:
        return False
    if path[1:] == ["mocked"]:
        return True  # a typing helper: the mock was made elsewhere
    facts.mocks += 1
    args = args_of(call)
    method = path[1] if root in MOCK_ROOTS else last
    if method in ("spyOn", "stub", "spy", "replace", "replaceProperty", "replaceGetter",
                  "mock") and len(args) >= 2:
        name = string_value(args[1])
        if name is not None:
            facts.patched.add(f"{text(args[0])}.{name}")
    return True


def _note_assigned_mock(node: Node, facts: _Facts) -> None:
    """`obj.method = jest.fn()`: the method is replaced."""
    left, right = node.child_by_field_name("left"), unwrap(node.child_by_field_name("right"))
    if left is None or left.type != "member_expression" or right is None:
        return
    calls = [n for n in walk(right) if n.type == "call_expression"]
    if calls and _note_mock(calls[-1], _Facts()):
        path = member_path(left)
        facts.patched.add(".".join(path))


def _resolved(value: Node | None, body: Node) -> Node | None:
    """`result` → what the test assigned to it (`const result = total(items)`)."""
    value = unwrap(value)
    if value is not None and value.type == "identifier":
        assigned = _assigned_from(body, text(value))
        return unwrap(assigned) if assigned is not None else value
    return value


def _sut_patched(facts: _Facts, subject: Subject, imports: dict[str, str], path: str,
                 checked: set[str]) -> str | None:
    """A replaced target that is the code under test: a function of the module under test,
    or the function the test's assertions check (it then tests its own stand-in)."""
    for target in sorted(facts.patched):
        head, _, last = target.rpartition(".")
        if last == "*":
            continue
        module = _module_key(imports[head], path) if head in imports else head
        if subject.module and last in subject.functions and (
                module == subject.module or module.endswith("/" + subject.module)
                or subject.module.endswith("/" + module.lstrip("./"))):
            return target
        if last in checked and last not in GENERIC_PATCHES:
            return target
    return None


# --- tautologies ------------------------------------------------------------------------------


def _compared(assertion: Node) -> tuple[Node, Node] | None:
    """(actual, expected) of an equality assertion."""
    function = unwrap(callee(assertion))
    path = member_path(function)
    args = args_of(assertion)
    root = _expect_call(assertion)
    if root is not None and root is not assertion and path[-1] in EQUALITY_MATCHERS \
            and "not" not in path:
        actual = args_of(root)
        if actual and args:
            return actual[0], args[0]
    if path[0] == "assert" and path[-1] in EQUALITY_MATCHERS and len(args) >= 2:
        return args[0], args[1]
    return None


def _assigned_from(body: Node, name: str) -> Node | None:
    for node in walk(body):
        if node.type == "variable_declarator":
            target = node.child_by_field_name("name")
            if target is not None and target.type == "identifier" and text(target) == name:
                return node.child_by_field_name("value")
    return None


def _bindings(body: Node) -> dict[str, Node]:
    """Names the test binds with `const`/`let name = value` (the last binding wins)."""
    bound: dict[str, Node] = {}
    for node in walk(body):
        if node.type == "variable_declarator":
            target, value = node.child_by_field_name("name"), node.child_by_field_name("value")
            if target is not None and value is not None and target.type == "identifier":
                bound[text(target)] = value
    return bound


def _expanded(node: Node, bound: dict[str, Node], depth: int = 0) -> str:
    """The expression's tokens with the test's names filled in (`expected` → `f(x)`)."""
    if node.type == "identifier" and text(node) in bound and depth < 4:
        name = text(node)
        return _expanded(bound[name], {k: v for k, v in bound.items() if k != name}, depth + 1)
    if node.type in ("string", "template_string", "number") or not node.children:
        return text(node)
    if node.type == "parenthesized_expression":
        inner = [c for c in node.named_children if c.type != "comment"]
        if len(inner) == 1:
            return _expanded(inner[0], bound, depth)
    return " ".join(_expanded(child, bound, depth) for child in node.children
                    if child.type != "comment")


def _tautology(assertion: Node, body: Node, subject: Subject) -> str | None:
    """Identical sides that call something (the same call on the same inputs: a property
    like `f(a, b) == f(b, a)` is not one), or a side repeating the implementation's formula."""
    compared = _compared(assertion)
    if compared is None:
        return None
    sides = [unwrap(side) for side in compared]
    if sides[0] is None or sides[1] is None:
        return None
    bound = _bindings(body)
    actual, expected = (_expanded(side, bound) for side in sides)
    resolved = [_resolved(side, body) or side for side in sides]
    calls = _top_calls(resolved[0]) | _top_calls(resolved[1])
    same_name = all(side.type == "identifier" for side in sides) and \
        text(sides[0]) == text(sides[1])
    if calls and not same_name and actual == expected:
        return f"both sides call {min(calls)}() with the same arguments"
    for side in resolved:
        if _is_formula(side) and (found := js_shape(side)) != "_" and \
                found in subject.returns and not (_top_calls(side) & subject.functions):
            return "expected value repeats the implementation's formula"
    return None


def _top_calls(node: Node) -> set[str]:
    return {call_name(n) for n in walk(node) if n.type == "call_expression"} - {""} - \
        DATA_BUILDERS


def _is_formula(node: Node) -> bool:
    return any(n.type in ("binary_expression",) for n in walk(node))


def js_shape(node: Node) -> str:
    """Structure of an expression with every leaf (name, literal, member) made alike; calls
    keep their function's name, operators are kept."""
    node = unwrap(node) or node
    if node.type == "call_expression":
        return f"call:{call_name(node)}(" + ",".join(js_shape(a) for a in args_of(node)) + ")"
    if node.type == "binary_expression":
        left, right = node.child_by_field_name("left"), node.child_by_field_name("right")
        operator = text(node.child_by_field_name("operator"))
        return f"({js_shape(left) if left else '_'}{operator}{js_shape(right) if right else '_'})"
    if node.type == "unary_expression":
        argument = node.child_by_field_name("argument")
        return f"{text(node.child_by_field_name('operator'))}{js_shape(argument) if argument else '_'}"
    if node.type == "ternary_expression":
        return "?(" + ",".join(js_shape(c) for c in node.named_children) + ")"
    return "_"


def _magic_number(assertion: Node) -> float | int | None:
    """An unexplained literal in an assertion: a large number or one with many decimals."""
    nodes = [assertion]
    root = _expect_call(assertion)
    if root is not None and root is not assertion:
        nodes.append(root)
    matcher = call_name(assertion)
    for part in nodes:
        args = args_of(part)
        if matcher == "toBeCloseTo" and part is assertion:
            args = args[:1]
        for arg in args:
            for node in walk(arg):
                if node.type != "number":
                    continue
                value = number_value(node)
                if value is None or value in PLAIN_NUMBERS:
                    continue
                if abs(value) >= 1000 or (isinstance(value, float) and len(repr(value)) > 5):
                    return value
    return None

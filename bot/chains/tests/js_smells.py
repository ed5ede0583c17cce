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

from collections.abc import Collection, Iterable
from dataclasses import dataclass, field

from tree_sitter import Node

from bot.chains.tests.js_stand_ins import (
    STUBBING,
    called_stand_in,
    configured_stubs,
    self_called_mock,
    stub_echo,
)
from bot.chains.tests.js_tautology import (
    bindings,
    compared,
    rebuilt,
    resolved,
    tautology,
    true_by_construction,
)
from bot.chains.tests.js_tests import (
    JsTest,
    expect_call,
    function_of,
    imports_of,
    module_key,
    tests_of,
)
from bot.chains.tests.jsast import (
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
from bot.chains.tests.nesting import MAX_JS_DEPTH, js_depth, too_deep
from bot.chains.tests.smells import (
    FACTORY_NAME,
    PLAIN_NUMBERS,
    REJECT_KINDS,
    FileVerdict,
    Level,
    Smell,
    SmellReport,
    Subject,
    digits,
    mocks_dominate,
    roulette,
    unreadable,
)

MOCK_ROOTS = frozenset({"jest", "vi", "sinon", "td"})
MOCK_FACTORIES = frozenset({"fn", "mock", "doMock", "spyOn", "replaceProperty", "stubGlobal",
                            "createMockFromModule", "stub", "spy", "fake", "replace",
                            "replaceGetter", "replaceSetter", "createStubInstance", "func",
                            "object", "mocked"})
NODE_TEST_MOCKS = frozenset({"fn", "method", "getter", "setter", "property", "module"})
MODULE_MOCKS = frozenset({"mock", "doMock", "unstable_mockModule"})
FAKE_TIMERS = frozenset({"useFakeTimers", "install", "advanceTimersByTime", "runAllTimers",
                         "tick", "tickAsync", "runOnlyPendingTimers", "advanceTimersByTimeAsync",
                         "runAllTimersAsync"})
CHAI_PROPERTIES = frozenset({"true", "false", "null", "undefined", "ok", "exist", "empty",
                             "NaN", "finite", "extensible", "sealed", "frozen", "arguments",
                             "called", "calledOnce", "calledTwice", "calledThrice", "notCalled",
                             "rejected", "fulfilled"})
"""Chai's (and sinon-chai's, chai-as-promised's) assertions that are properties: a chain
ending in any other word (`expect(x).to.be`, jest's `expect(x).toBeDefined`) checks nothing."""
CONTEXT_ASSERTIONS = frozenset({"is", "not", "deepEqual", "notDeepEqual", "like", "true",
                                "false", "truthy", "falsy", "throws", "throwsAsync",
                                "notThrows", "notThrowsAsync", "regex", "notRegex", "snapshot",
                                "pass", "fail", "equal", "notEqual", "strictEqual", "ok",
                                "notOk", "same", "notSame", "strictSame", "match", "notMatch",
                                "error", "rejects", "resolves", "resolveMatch", "has",
                                "hasStrict", "type"})
"""Assertions on the test's context argument: ava's `t.is`, tap's `t.same`, node:test's
`t.assert.equal` (`t.assert.*` counts whatever the method)."""
CONTEXT_TWO_VALUES = frozenset({"is", "not", "like", "same", "notSame", "strictSame", "regex",
                                "notRegex", "notMatch", "has", "hasStrict"})
SLEEP_CALLS = frozenset({"sleep", "delay", "waitForTimeout", "pause"})
THROW_MATCHERS = frozenset({"toThrow", "toThrowError", "throw", "throws"})
BROAD_ERRORS = frozenset({"Error"})
ASSERT_TWO_VALUES = frozenset({"equal", "notEqual", "strictEqual", "notStrictEqual",
                               "deepEqual", "deepStrictEqual", "notDeepEqual",
                               "notDeepStrictEqual", "match", "doesNotMatch", "closeTo",
                               "approximately", "include", "sameMembers", "typeOf",
                               "instanceOf", "lengthOf", "property", "isAbove", "isBelow",
                               "isAtLeast", "isAtMost"})
GENERIC_PATCHES = frozenset({"now", "random", "sleep", "setTimeout", "fetch", "log", "info",
                             "warn", "error", "debug", "get", "post", "put", "request",
                             "readFile", "readFileSync", "writeFile", "writeFileSync",
                             "exit", "cwd", "getTime", "toISOString"})
"""Clock, randomness, console, network and files: patched so the test can call them too."""


@dataclass
class _Facts:
    assertions: list[tuple[Node, Node | None]] = field(default_factory=list)
    """(the assertion node, the value it is about)."""
    bare: list[tuple[Node, Node | None]] = field(default_factory=list)
    mocks: int = 0
    patched: set[str] = field(default_factory=set)


def analyse_js_source(source: str, path: str = "<test>.test.js",
                      subject: Subject | None = None) -> SmellReport:
    """Every smell of every test in `source`; a file that does not parse, or nests deeper
    than the detectors read (`nesting.py`), is one rejection."""
    subject = subject or Subject()
    tree, _ = parse(source, path)
    if tree.root_node.has_error:
        bad = next((n for n in walk(tree.root_node) if n.is_error or n.is_missing),
                   tree.root_node)
        return unreadable(path, line_of(bad), "does not parse")
    root = tree.root_node
    depth, line = js_depth(root)
    if depth > MAX_JS_DEPTH:
        return unreadable(path, line, too_deep(depth, MAX_JS_DEPTH))
    try:
        return _analysed(root, path, subject)
    except RecursionError:  # the bound above is meant to make this unreachable
        return unreadable(path, line, too_deep(depth, MAX_JS_DEPTH))


def _analysed(root: Node, path: str, subject: Subject) -> SmellReport:
    imports = imports_of(root)
    helpers = _asserting_helpers(root)
    formulas = _file_functions(root)
    fake_timers = _uses_fake_timers(root)
    file_mocks = _module_mocks(root, path, imports)
    overrides = _overrides(root, subject)
    # once per file, not per test: what each helper builds or replaces
    builders = _builders(formulas, subject)
    replaced = {name: _helper_patches(body) for name, body in formulas.items()}
    comments = {n.end_point.row: digits(text(n)) for n in walk(root) if n.type == "comment"}
    waiters = _sleepers(formulas)
    smells: list[Smell] = []
    for test in tests_of(root):
        smells += _smells_of(test, helpers, subject, fake_timers, imports, path, file_mocks,
                             formulas, overrides, builders, replaced, comments, waiters)
    verdict: FileVerdict = ("reject" if any(s.level == "reject" for s in smells)
                            else "warn" if smells else "accept")
    return SmellReport(path=path, verdict=verdict, smells=smells)


def _module_mocks(root: Node, path: str, imports: dict[str, str]) -> tuple[int, set[str]]:
    """`jest.mock('./x')` / `vi.mock(...)` at the file's top: how many, and what they replace
    (`x.name` for every name imported from the module, or the factory's keys)."""
    count, patched = 0, set[str]()
    for node in root.named_children:
        call = unwrap(node.named_children[0]) if node.type == "expression_statement" and \
            node.named_children else None
        if call is None or call.type != "call_expression":
            continue
        replaced = _module_mock(call, path, imports)
        if replaced is not None:
            count += 1
            patched |= replaced
    return count, patched


def _module_mock(call: Node, path: str, imports: dict[str, str]) -> set[str] | None:
    """What a `jest.mock`/`vi.mock`/`jest.doMock` call replaces (`module.name` per name, and
    `module.*`), or None when the call mocks no module."""
    root_name, *mods = member_path(unwrap(callee(call)))
    if root_name not in ("jest", "vi") or not mods or mods[-1] not in MODULE_MOCKS:
        return None
    args = args_of(call)
    spec = string_value(args[0]) if args else None
    if spec is None:
        return set()
    module = module_key(spec, path)
    factory = function_body(args[1]) if len(args) > 1 else None
    keys = _factory_keys(factory) if factory is not None else None
    names = keys if keys is not None else [n for n, s in imports.items() if s == spec]
    return {f"{module}.{name}" for name in names} | {f"{module}.*"}


def _factory_keys(body: Node) -> list[str] | None:
    """The names a mock factory replaces: the keys of the object it returns."""
    returned = unwrap(body)
    if returned is not None and returned.type == "statement_block":
        found = [r for r in walk(returned) if r.type == "return_statement" and r.named_children]
        returned = unwrap(found[-1].named_children[0]) if found else None
    if returned is None or returned.type != "object":
        return None
    actual = _actual_modules(body)
    keys = []
    for child in returned.named_children:
        if child.type == "pair":
            if _real_thing(child.child_by_field_name("value"), actual):
                continue  # `formatHold: jest.requireActual('./hold').formatHold` is kept
            keys.append(text(child.child_by_field_name("key")).strip("'\""))
        elif child.type in ("shorthand_property_identifier", "method_definition"):
            keys.append(text(child.child_by_field_name("name") or child))
    return keys


ACTUAL_MODULE = frozenset({"requireActual", "importActual"})


def _actual_modules(body: Node) -> set[str]:
    """Names a mock factory binds to the real module (`const actual =
    jest.requireActual('./hold')`, `await vi.importActual(...)`)."""
    found = set()
    for node in walk(body):
        if node.type != "variable_declarator":
            continue
        value, name = node.child_by_field_name("value"), node.child_by_field_name("name")
        if name is not None and name.type == "identifier" and value is not None and any(
                n.type == "call_expression" and call_name(n) in ACTUAL_MODULE
                for n in walk(value)):
            found.add(text(name))
    return found


def _real_thing(value: Node | None, actual: set[str]) -> bool:
    """A factory's value that is the real module's own export (`jest.requireActual('./m').f`,
    `actual.f`): kept, not replaced."""
    value = unwrap(value)
    if value is None or value.type != "member_expression":
        return False
    owner = unwrap(value.child_by_field_name("object"))
    while owner is not None and owner.type == "await_expression" and owner.named_children:
        owner = unwrap(owner.named_children[0])
    return owner is not None and (
        (owner.type == "identifier" and text(owner) in actual) or
        (owner.type == "call_expression" and call_name(owner) in ACTUAL_MODULE))


def _asserting_helpers(root: Node) -> set[str]:
    """Functions of the file (not tests) whose bodies assert: calling one is an assertion."""
    found: set[str] = set()
    functions = [(name, body) for name, body in map(function_of, walk(root))
                 if name and body is not None]
    grown = True
    while grown:  # a helper that calls a helper that asserts asserts too
        grown = False
        for name, body in functions:
            if name not in found and any(
                    _is_assertion(inner, found) or (
                        inner.type == "throw_statement" and _guarded(inner, body)
                        # a builder refusing bad input checks nothing: only a helper named
                        # as a check makes its guarded throws assertions (as smells.py)
                        and name.startswith(CUSTOM_CHECK_PREFIXES))
                    for inner in walk(body)
                    if inner.type in ("call_expression", "throw_statement")):
                found.add(name)
                grown = True
    return found


def _file_functions(root: Node) -> dict[str, Node]:
    """The file's own top-level functions (name → body): a helper computing the expected
    value is read as part of the assertion."""
    found: dict[str, Node] = {}
    for node in root.named_children:
        candidates = [node] if node.type == "function_declaration" else [
            d for d in node.named_children if d.type == "variable_declarator"] \
            if node.type in ("lexical_declaration", "variable_declaration") else []
        for candidate in candidates:
            name, body = function_of(candidate)
            if name and body is not None:
                found[name] = body
    return found


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


def _hook_mocks(hooks: tuple[Node, ...]) -> tuple[int, set[str]]:
    """Mocks the hooks around a test make (`beforeEach(() => jest.spyOn(...))`)."""
    facts = _Facts()
    for callback in hooks:
        for node in walk(callback):
            if node.type == "call_expression":
                _note_mock(node, facts)
            elif node.type == "assignment_expression":
                _note_assigned_mock(node, facts)
    return facts.mocks, facts.patched


def _smells_of(test: JsTest, helpers: set[str], subject: Subject, fake_timers: bool,
               imports: dict[str, str], path: str,
               file_mocks: tuple[int, set[str]],
               formulas: dict[str, Node] | None = None,
               overrides: dict[str, set[str]] | None = None,
               builders: set[str] | None = None,
               replaced: dict[str, set[str]] | None = None,
               comments: dict[int, str] | None = None,
               waiters: set[str] | None = None) -> list[Smell]:
    smells: list[Smell] = []
    line = line_of(test.call)

    def add(kind: str, at: int, detail: str = "") -> None:
        level: Level = "reject" if kind in REJECT_KINDS else "warn"
        smells.append(Smell(kind=kind, level=level, test=test.name, line=at, detail=detail))

    if test.body is None or _is_empty(test.body) or \
            _builds_only(test.body, subject, builders or set()):
        if "todo" not in text(callee(test.call)):
            add("empty_test", line)
        return smells
    context = _context_name(test.body)
    hook_count, hook_patched = _hook_mocks(test.hooks)
    facts = _Facts(mocks=file_mocks[0] + hook_count, patched=file_mocks[1] | hook_patched)
    sleeps: list[Node] = []
    sleepers = _sleepers(formulas or {}) if waiters is None else waiters
    for node in walk(test.body):
        if node.type == "assignment_expression":
            _note_assigned_mock(node, facts)
            continue
        if node.type == "variable_declarator":
            _note_assigned_mock(node, facts)
        if node.type == "call_expression":
            _note_defined_property(node, facts)
        if node.type == "call_expression" and _module_mock(node, path, imports):
            facts.patched |= _module_mock(node, path, imports) or set()
        if node.type == "member_expression" and node.parent is not None and \
                node.parent.type == "expression_statement" and _property_assertion(node):
            about, message = _about(node)  # chai's property assertions: `.to.be.true`
            facts.assertions.append((node, about))
            if not message:
                facts.bare.append((node, about))
            continue
        if node.type == "throw_statement" and _guarded(node, test.body):
            facts.assertions.append((node, None))  # `if (got !== want) throw new Error(...)`
            continue
        if node.type != "call_expression":
            continue
        if (_is_assertion(node, helpers) and not _runs_subject(node, subject, helpers)) or \
                _context_assertion(node, context) or \
                _custom_check(node, subject, imports, formulas or {}):
            about, message = _about(node)
            facts.assertions.append((node, about))
            if not message:
                facts.bare.append((node, about))
            broad = _broad_throw(node)
            if broad is not None:
                add("broad_exception_assert", line_of(node), broad)
        if _is_sleep(node, sleepers):
            sleeps.append(node)
        _note_mock(node, facts)
    if not facts.assertions and _ends_in_prose(test.body):
        add("empty_test", line, "it stops where its check should be: a comment")
    elif not facts.assertions:
        add("no_assertion", line)
    elif not any(_reached(node, test.body) for node, _ in facts.assertions):
        add("no_assertion", line, "every assertion is behind a condition, a loop over computed "
            "values, a callback nobody need call, a catch that swallows it, a promise "
            "nobody awaits or a `return` above it, so none need ever run")
    subjects = {_subject_of(about) for node, about in facts.bare
                if not _interaction(node, about)}
    if roulette(len(facts.bare), len(subjects), _behaviours(test.body, facts.bare)):
        add("assertion_roulette", line_of(facts.bare[0][0]),
            f"{len(facts.bare)} assertions without messages on {len(subjects)} subjects")
    called = {call_name(n) for n in walk(test.body) if n.type == "call_expression"}
    for name, patched in (replaced or {}).items():
        if name in called:  # `withWarmParser()`: what the file's helper replaces, the test has
            facts.patched |= patched
    mocks = facts.mocks + sum(_hook_mocks((body,))[0] for name, body in (formulas or {}).items()
                              if name in called)  # `const deps = makeDeps()`: its mocks too
    mocks += _mocks_per_element(test.body)
    if mocks_dominate(mocks, len(facts.assertions),
                      sum(_interaction(node, about) and _member(about, imports)
                          for node, about in facts.assertions)):
        add("excessive_mocking", line, f"{mocks} mocks")
    checked = {_checked_call(resolved(about, test.body)) for _, about in facts.assertions}
    sut = _sut_patched(facts, subject, imports, path, checked - {""}, _instances(test),
                       _receivers(test.body), called,
                       _answered_by_stand_in((*test.hooks, test.body),
                                             [a for a, _ in facts.assertions])) or _overridden_call(test, overrides or {}) or \
        called_stand_in((*test.hooks, test.body), test.body, subject.classes,
                        set(subject.functions) - subject.boundaries)
    if sut:
        add("mocks_sut", line, f"replaces {sut}, the code under test")
    stubs = set() if sut else configured_stubs((*test.hooks, test.body))
    for assertion, _ in facts.assertions:
        why = tautology(assertion, test.body, subject, formulas) or \
            rebuilt(assertion, test.body, subject, formulas or {}) or \
            _echoed(assertion, test.body, stubs)
        if why:
            add("tautology", line_of(assertion), why)
    own_call = self_called_mock(test.body)
    if own_call:
        add("tautology", line, f"it checks that {own_call}, a mock only the test itself "
            "calls, was called")
    if facts.assertions and all(true_by_construction(a) for a, _ in facts.assertions):
        add("tautology", line_of(facts.assertions[0][0]),
            "its only check is true by construction: it checks nothing the code does")
    if sleeps and not fake_timers:
        add("sleep_in_unit_test", line_of(sleeps[0]))
    shown = " ".join(_shown(assertion) for assertion, _ in facts.assertions) + " " + \
        _worked(test, comments or {})
    for assertion, _ in facts.bare:
        number = _magic_number(assertion, shown)
        if number is not None:
            add("magic_numbers", line_of(assertion), repr(number))
            break
    return smells


def _echoed(assertion: Node, body: Node, stubs: set[str]) -> str | None:
    """An equality whose checked side is the test's own call of a stub it configured."""
    sides = compared(assertion) if stubs else None
    if sides is None:
        return None
    bound = bindings(body)
    for side in sides:
        stub = stub_echo(side, stubs, bound)
        if stub:
            return f"it checks what {stub}, a stand-in the test configured, returns"
    return None


def _builds_only(body: Node, subject: Subject, builders: set[str] | None = None) -> bool:
    """A test that only declares objects, stand-ins and data (`const bus = new EventBus();`
    and nothing else), or only throws values away (`void parse;`), runs nothing: as empty as
    `{}`. Its file's own `builders` count as building (`const deps = inMemoryDeps()`)."""
    if body.type != "statement_block":
        return False
    declared: set[str] = set()
    discarded = False
    for child in body.named_children:
        if child.type in ("comment", "empty_statement"):
            continue
        if _discards(child) or child.type in ("type_alias_declaration",
                                              "interface_declaration"):
            discarded = True  # `void x;`, or a type: a declaration that runs nothing
            continue
        if child.type not in ("lexical_declaration", "variable_declaration"):
            return False
        for declarator in child.named_children:
            name = declarator.child_by_field_name("name")
            if declarator.type != "variable_declarator" or name is None or \
                    name.type not in ("identifier", "array_pattern", "object_pattern"):
                return False
            declared |= {text(n) for n in walk(name) if n.type in (
                "identifier", "shorthand_property_identifier_pattern")}
    # setup only: objects and stand-ins built (`new Cache({ clock })`, `vi.fn()`), nothing
    # run; a test that calls the code and never looks at the result has no assertion instead
    built = not any(n.type == "call_expression" and not _note_mock(n, _Facts()) and
                    not _static_factory(n, subject) and call_name(n) not in (builders or ())
                    for n in walk(body))
    return (bool(declared) or discarded) and built


FUNCTION_NODES = frozenset({"arrow_function", "function_expression", "function",
                            "function_declaration", "generator_function",
                            "generator_function_declaration", "method_definition"})


def _run_at_once(body: Node) -> Iterable[Node]:
    """The nodes of `body` that run when it runs: not those of the functions it defines
    (`findById: async (id) => users.get(id)` runs when the code calls it, not before)."""
    stack = [body]
    while stack:
        node = stack.pop()
        yield node
        if node is body or node.type not in FUNCTION_NODES:
            stack.extend(reversed(node.children))


def _builders(helpers: dict[str, Node], subject: Subject) -> set[str]:
    """The file's own functions that only build: running them calls nothing of the module
    under test, none of the file's other functions and no assertion (`inMemoryDeps()`
    returning stand-ins, `orderRow(overrides)`): what a test gets from them is its setup."""
    found = set()
    for name, body in helpers.items():
        calls = {call_name(n) for n in _run_at_once(body) if n.type == "call_expression"}
        if not calls & (set(subject.functions) | set(helpers)) and not any(
                c == "expect" or c.startswith("assert") for c in calls):
            found.add(name)
    return found


def _ends_in_prose(body: Node) -> bool:
    """The test's body ends in a comment after its last statement: the check it should end
    with is written as prose (`// a refund should make the order final`)."""
    children = body.named_children if body.type == "statement_block" else []
    return len(children) > 1 and children[-1].type == "comment" and \
        children[-2].type != "comment"


def _mocks_per_element(body: Node) -> int:
    """Mocks a callback makes per element beyond the one it shows: `Array.from({ length: 6 },
    () => vi.fn())`, `[1, 2, 3].map(() => jest.fn())`, `Array(6).fill().map(...)`."""
    extra = 0
    for call in walk(body):
        if call.type != "call_expression":
            continue
        args, path = args_of(call), member_path(unwrap(callee(call)))
        count, maker = 1, None
        spec = unwrap(args[0]) if len(args) == 2 else None
        if path[-2:] == ["Array", "from"] and spec is not None and spec.type == "object":
            count, maker = _declared_length(spec), args[1]
        elif call_name(call) == "map" and len(args) == 1:
            function = unwrap(callee(call))
            source = unwrap(function.child_by_field_name("object")) if function is not None \
                and function.type == "member_expression" else None
            count, maker = _elements(source), args[0]
        if maker is None or count < 2:
            continue
        made = function_body(maker)
        mocks = sum(n.type == "call_expression" and _note_mock(n, _Facts())
                    for n in walk(made)) if made is not None else 0
        extra += mocks * (min(count, 100) - 1)
    return extra


def _declared_length(spec: Node) -> int:
    """`{ length: 6 }` → 6."""
    for pair in spec.named_children:
        if pair.type == "pair" and text(pair.child_by_field_name("key")) == "length":
            value = number_value(pair.child_by_field_name("value"))
            return int(value) if isinstance(value, int) else 1
    return 1


def _elements(source: Node | None) -> int:
    """How many elements `[a, b, c]`, `Array(6)`, `new Array(6)` (`.fill()` or spread)
    hold, or 1 when the test does not say."""
    while source is not None and source.type == "call_expression" and \
            call_name(source) == "fill":
        function = unwrap(callee(source))
        source = unwrap(function.child_by_field_name("object")) if function is not None \
            and function.type == "member_expression" else None
    if source is not None and source.type == "array":
        items = [c for c in source.named_children if c.type != "comment"]
        if len(items) == 1 and items[0].type == "spread_element" and items[0].named_children:
            return _elements(unwrap(items[0].named_children[0]))
        return len(items)
    if source is not None and source.type in ("call_expression", "new_expression"):
        name = member_path(unwrap(callee(source) if source.type == "call_expression"
                                  else source.child_by_field_name("constructor")))
        args = args_of(source)
        value = number_value(args[0]) if name == ["Array"] and len(args) == 1 else None
        return int(value) if isinstance(value, int) else 1
    return 1


def _discards(statement: Node) -> bool:
    """`void money;`: a statement that only throws a value away does nothing."""
    inner = unwrap(statement.named_children[0]) if statement.type == "expression_statement" \
        and statement.named_children else None
    if inner is None or inner.type != "unary_expression" or \
            text(inner.child_by_field_name("operator")) != "void":
        return False
    argument = unwrap(inner.child_by_field_name("argument"))
    return argument is not None and argument.type == "identifier"


def _static_factory(call: Node, subject: Subject) -> bool:
    """`Money.cents(100)`, `Money.of(1)`: a class's own named constructor builds one of its
    objects, as `new Money()` would. Named so (`FACTORY_NAME`: `of`, `fromJSON`, `empty`…),
    or a class of the module under test called by its class name (`Money.cents` where the
    module defines `Money`); any other capitalised call (`Parser.parse(s)`) runs something."""
    path = member_path(unwrap(callee(call)))
    return len(path) == 2 and path[0][:1].isupper() and path[0] not in (
        "Math", "JSON", "Object", "Array", "Promise", "Reflect", "Number", "String") and (
            path[0] in subject.classes or FACTORY_NAME.fullmatch(path[1]) is not None)


def _is_empty(body: Node) -> bool:
    """Nothing but placeholders: comments, a bare `return`, a skip (`this.skip()`,
    `t.skip()`, `ctx.skip()`) or `throw new Error('not implemented')`. What follows a skip,
    a bare `return` or that throw never runs or never counts: placeholders up to one of them
    leave the test empty, whatever is written below."""
    if body.type != "statement_block":
        return False
    for child in body.named_children:
        if child.type in ("comment", "empty_statement"):
            continue
        # the first statement that is not a comment decides
        return (child.type == "return_statement" and not child.named_children) or \
            _placeholder(child)
    return True


def _placeholder(statement: Node) -> bool:
    inner = unwrap(statement.named_children[0]) if statement.named_children else None
    if statement.type == "expression_statement" and inner is not None and \
            inner.type == "call_expression":
        path = member_path(unwrap(callee(inner)))
        return path[-1] in ("skip", "todo") and path[0] in ("this", "t", "ctx", "context")
    return statement.type == "throw_statement" and "not implemented" in text(statement).lower()


LOOP_METHODS = frozenset({"forEach", "map", "filter", "some", "every", "find", "flatMap",
                          "reduce", "findIndex"})
DATA_CALLS = frozenset({"entries", "keys", "values", "from", "of", "range", "zip"})


def _reached(assertion: Node, body: Node) -> bool:
    """Whether the assertion runs whenever the test does: not only in one branch of an `if`
    (a hand-written `if (bad) throw` is the check itself), nor only in a loop or a
    `forEach` over values the code under test computes."""
    guarded = assertion.type == "throw_statement"
    child, parent = assertion, assertion.parent
    while parent is not None and child != body:
        if parent.type == "statement_block" and any(
                sibling.type == "return_statement" for sibling in parent.named_children
                if sibling.end_byte <= child.start_byte):
            return False  # `return` first: the checks below it are dead code
        if parent.type == "if_statement" and not guarded and \
                child != parent.child_by_field_name("condition"):
            branches = [parent.child_by_field_name("consequence"),
                        parent.child_by_field_name("alternative")]
            other = branches[1] if child == branches[0] else branches[0]
            if other is None or not any(n.type == "call_expression" and
                                        expect_call(n) not in (None, n) for n in walk(other)):
                return False
        elif parent.type in ("while_statement", "do_statement") and \
                child != parent.child_by_field_name("condition"):
            return False
        elif parent.type == "for_in_statement" and child != parent.child_by_field_name("right"):
            if _computed(parent.child_by_field_name("right"), body):
                return False
        elif parent.type in ("arrow_function", "function_expression") and _handed_over(
                parent, body):
            return False
        elif parent.type == "try_statement" and child == parent.child_by_field_name("body") \
                and _swallows(parent.child_by_field_name("handler")):
            return False  # `try { expect(...) } catch (e) {}` can never fail
        elif parent.type == "expression_statement" and _floating(child, body):
            return False
        elif parent.type in ("arrow_function", "function_expression") and \
                parent.parent is not None and parent.parent.type == "arguments":
            call = parent.parent.parent
            function = unwrap(callee(call)) if call is not None else None
            if call is not None and call_name(call) in LOOP_METHODS and function is not None \
                    and function.type == "member_expression" and \
                    _computed(function.child_by_field_name("object"), body):
                return False
        child, parent = parent, parent.parent
    return True


LISTENER_CALLS = frozenset({"on", "once", "addListener", "addEventListener", "subscribe",
                            "prependListener", "onEvict", "onChange", "listen", "watch"})


def _swallows(handler: Node | None) -> bool:
    """A `catch` that neither throws again nor fails nor asserts: a failed check vanishes."""
    if handler is None:
        return False
    block = handler.child_by_field_name("body")
    return block is not None and not any(
        n.type == "throw_statement" or (n.type == "call_expression" and (
            call_name(n) in ("fail", "done") or expect_call(n) not in (None, n) or
            member_path(unwrap(callee(n)))[0] == "assert")) for n in walk(block))


def _floating(statement_child: Node, body: Node) -> bool:
    """An asynchronous check nobody waits for: `expect(p).resolves.toBe(1)` or
    `load().then((v) => expect(v)...)` as a bare statement of a test that neither awaits nor
    returns it and takes no `done`: the test ends before it settles."""
    node = statement_child
    if node.type != "call_expression":
        return False
    path = member_path(unwrap(callee(node)))
    chain = {n for n in walk(node) if n.type == "call_expression"}
    asynchronous = any(word in path for word in ("resolves", "rejects")) or any(
        call_name(n) in ("then", "catch", "finally") for n in chain)
    if not asynchronous:
        return False
    test_function = body.parent
    params = test_function.child_by_field_name("parameters") if test_function else None
    return not (params is not None and any(n.type == "identifier" and text(n) == "done"
                                           for n in walk(params))) or _ends_at_once(body)


def _handed_over(function: Node, body: Node) -> bool:
    """A callback the code under test calls when, and if, it wants: assigned to one of its
    hooks (`cache.onEvict = (k) => ...`) or registered as a listener (`bus.on('x', ...)`),
    in a test that neither waits for it (`done`) nor counts its assertions
    (`expect.assertions(2)`, `t.plan(2)`)."""
    holder = function.parent
    if holder is not None and holder.type == "variable_declarator":
        declared = holder.child_by_field_name("name")  # `const check = (v) => ...`
        return not any(n.type == "identifier" and text(n) == text(declared) and n != declared
                       for n in walk(body))  # never called nor handed anywhere: dead
    if holder is not None and holder.type == "assignment_expression":
        left = holder.child_by_field_name("left")
        handed = left is not None and left.type == "member_expression"
    elif holder is not None and holder.type == "arguments" and holder.parent is not None:
        runner = call_name(holder.parent)
        handed = runner in LISTENER_CALLS or (
            runner in TIMERS and not _uses_fake_timers(_root(body))) or (
            _ends_at_once(body) and runner not in LOOP_METHODS | SYNC_RUNNERS)
    else:
        handed = False
    if not handed:
        return False
    test_function = body.parent
    params = test_function.child_by_field_name("parameters") if test_function else None
    waits = params is not None and any(n.type == "identifier" and text(n) in WAIT_NAMES
                                       for n in walk(params)) and not _ends_at_once(body)
    counted = any(n.type == "call_expression" and call_name(n) in (
        "assertions", "hasAssertions", "plan") for n in walk(body))
    return not waits and not counted


TIMERS = frozenset({"setTimeout", "setInterval", "setImmediate", "queueMicrotask", "nextTick"})
"""Calls that run their callback later, after the test's own statements: a check in it runs
only for a test that waits (or on fake timers the test advances)."""
SYNC_RUNNERS = frozenset({"expect", "assert", "throws", "doesNotThrow", "rejects", "step",
                          "act", "run", "call", "apply", "sort"})
"""Calls that run the callback they are handed before they return."""
WAIT_NAMES = frozenset({"done", "cb", "end"})


def _ends_at_once(body: Node) -> bool:
    """A test that takes `done` and calls it as a statement of its own body: it ends there,
    before any callback it handed to the code has run (`debounced('x'); done();`)."""
    return any(
        statement.type == "expression_statement" and statement.named_children and
        (call := unwrap(statement.named_children[0])) is not None and
        call.type == "call_expression" and text(callee(call)) in WAIT_NAMES
        for statement in body.named_children)


def _root(node: Node) -> Node:
    while node.parent is not None:
        node = node.parent
    return node


def _computed(value: Node | None, body: Node) -> bool:
    """`value` (with the test's own names read as what they hold) calls something beyond
    walking test data: the code under test produced it."""
    value = resolved(value, body)
    if value is not None and value.type in ("array", "object") and not value.named_children:
        return True  # an empty array the code under test fills in
    return value is not None and any(
        n.type in ("call_expression", "new_expression") and
        (n.type == "new_expression" or call_name(n) not in DATA_CALLS)
        for n in walk(value))


def _property_assertion(node: Node) -> bool:
    """`expect(x).to.be.true`, `x.should.exist`: a chain of properties ending in one of
    chai's property assertions (never `expect(x).toBeDefined` without its call)."""
    path = member_path(node)
    return path[-1] in CHAI_PROPERTIES and (expect_call(node) is not None or "should" in path)


def _guarded(throw: Node, body: Node) -> bool:
    """A `throw` under an `if` of the test itself: a hand-written assertion."""
    current = throw.parent
    while current is not None and current != body:
        if current.type == "if_statement":
            return True
        if current.type in ("arrow_function", "function_expression", "function_declaration"):
            return False
        current = current.parent
    return False


def _context_name(body: Node) -> str:
    """The name of the test callback's first parameter (`t` in `test('x', (t) => ...)`)."""
    function = body.parent
    if function is None:
        return ""
    single = function.child_by_field_name("parameter")
    if single is not None and single.type == "identifier":
        return text(single)
    params = function.child_by_field_name("parameters")
    first = params.named_children[0] if params is not None and params.named_children else None
    if first is not None and first.type in ("required_parameter", "optional_parameter"):
        first = first.child_by_field_name("pattern") or first
    return text(first) if first is not None and first.type == "identifier" else ""


def _context_assertion(node: Node, context: str) -> bool:
    """`t.is(a, b)`, `t.assert.equal(a, b)` on the test's own context argument."""
    if not context:
        return False
    path = member_path(unwrap(callee(node)))
    return len(path) > 1 and path[0] == context and (
        (len(path) == 2 and path[1] in CONTEXT_ASSERTIONS) or "assert" in path[1:])


ASSERT_MODULES = frozenset({"assert", "node:assert", "assert/strict", "node:assert/strict",
                            "power-assert", "uvu/assert"})
CUSTOM_CHECK_PREFIXES = ("assert", "expect", "verify", "check")


def _runs_subject(node: Node, subject: Subject, helpers: set[str]) -> bool:
    """A call of the code under test named like a check (`assertSignup(form)`): it runs the
    code, it is no assertion of the test's."""
    function = unwrap(callee(node))
    return function is not None and function.type == "identifier" and \
        text(function) in subject.functions and text(function) not in helpers


def _custom_check(node: Node, subject: Subject, imports: dict[str, str],
                  local: dict[str, Node]) -> bool:
    """A function imported from an assertion module (`const { ok, equal } =
    require('node:assert')`), or a call named as a check (`verifyReceipt(r)`,
    `checkTotals(t)`, `check(ok)`) from elsewhere, never a function of the code under test
    (nor one of the file's own, which asserts only when its body does)."""
    function = unwrap(callee(node))
    if function is None or function.type != "identifier":
        return False
    name = text(function)
    if name in local:
        return False
    if imports.get(name) in ASSERT_MODULES:
        return True
    prefix = next((p for p in CUSTOM_CHECK_PREFIXES if name.startswith(p)), None)
    return prefix is not None and name not in subject.functions and prefix != "expect" and (
        len(name) == len(prefix) or name[len(prefix)].isupper() or name[len(prefix)] == "_")


def _is_assertion(node: Node, helpers: set[str]) -> bool:
    """A matcher call on `expect(...)`, an `assert` call, `sinon.assert.*`, a helper that
    asserts, or a call whose name says it asserts (`assertSorted`, `expectValid`)."""
    function = unwrap(callee(node))
    if function is None:
        return False
    path = member_path(function)
    if function.type == "member_expression":
        root = expect_call(node)
        if root is not None and root is not node and path[0] != "expect":
            return True
        if path[0] in ("assert", "sinon") and (path[0] == "assert" or "assert" in path):
            return True
        if "should" in path[1:]:
            return True  # should.js and chai's should: `total.should.equal(3)`
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
    root = expect_call(assertion)
    if root is not None and root is not assertion:
        args = args_of(root)
        return (args[0] if args else None), len(args) > 1 and is_string(args[1])
    args = args_of(assertion)
    path = member_path(unwrap(callee(assertion)))
    method = path[-1] if len(path) > 1 else ""
    if path[0] == "assert" or path[1:2] == ["assert"] or (
            len(path) == 2 and method in CONTEXT_ASSERTIONS and path[0] not in ("", "expect")):
        index = 2 if method in ASSERT_TWO_VALUES | CONTEXT_TWO_VALUES else 1
        if method in ("throws", "rejects", "doesNotThrow", "doesNotReject"):
            message = any(is_string(a) for a in args[1:])
        else:
            message = len(args) > index and is_string(args[index])
        return (args[0] if args else None), message
    return (args[0] if args else None), False


def _interaction(assertion: Node, about: Node | None) -> bool:
    """An assertion on how the code under test used its collaborators (`toHaveBeenCalledWith`,
    `sinon.assert.calledOnce`, `.mock.calls`): all of them check the one action the test
    ran, facets of its outcome, never a subject of their own for roulette."""
    path = member_path(unwrap(callee(assertion)))
    if path[0] == "sinon" or any(word in path[-1] for word in ("Called", "Returned")) or \
            path[-1].startswith("called"):
        return True
    seen = text(about) if about is not None else ""
    return any(mark in seen for mark in (".mock.", ".calls", ".callCount", ".calledWith",
                                         ".args", ".invocationCallOrder"))


SIMPLE_STATEMENTS = frozenset({"expression_statement", "lexical_declaration",
                               "variable_declaration", "return_statement", "throw_statement"})


def _behaviours(body: Node, bare: list[tuple[Node, Node | None]]) -> int:
    """How many actions the unexplained assertions check: the test's statements in order,
    each that calls something (outside an assertion) starting a new action, and an
    assertion whose actual value itself runs the code with arguments
    (`expect(isEmail('a@b')).toBe(true)`, `expect(() => pay(0)).toThrow(...)`) an action of
    its own. Many checks of what one action did are the facets of one behaviour."""
    about = {node.id: value for node, value in bare}
    action, seen = 0, set()
    for statement in (n for n in walk(body) if n.type in SIMPLE_STATEMENTS):
        checks = [n for n in walk(statement) if n.id in about and _statement(n) == statement]
        if not checks:
            if any(n.type in ("call_expression", "new_expression") and
                   _statement(n) == statement for n in walk(statement)):
                action += 1
            continue
        for check in checks:
            if _acts(about[check.id]):
                action += 1
            seen.add(action)
    return len(seen)


def _statement(node: Node) -> Node | None:
    """The innermost simple statement holding `node`."""
    current = node.parent
    while current is not None and current.type not in SIMPLE_STATEMENTS:
        current = current.parent
    return current


def _acts(value: Node | None) -> bool:
    """An assertion's actual value that runs the code itself: a call with arguments other
    than one reading a value (`Object.keys(x)`), or a new object of its own."""
    return value is not None and any(
        (n.type == "call_expression" and args_of(n) and call_name(n) not in VALUE_READERS)
        or n.type == "new_expression" for n in walk(value))


VALUE_READERS = frozenset({"String", "Number", "Boolean", "Array", "Object", "JSON", "keys",
                           "values", "entries", "stringify", "isArray", "from", "Math",
                           "round", "abs", "trunc", "toFixed", "Set"})
"""Calls that only read a value (`Object.keys(result)`): an assertion is about what they read."""


def _subject_of(value: Node | None) -> str:
    """What an assertion is about: the first function its value calls, else its root name."""
    if value is None:
        return ""
    for node in walk(value):
        if node.type == "call_expression" and call_name(node) not in VALUE_READERS:
            # a call with arguments is its own result: `slugify('a b')` and `slugify('')`
            # are two things checked, `total()` read twice is one
            return text(node) if args_of(node) else call_name(node) or text(callee(node))[:40]
        if node.type in ("identifier", "this") and text(node) not in VALUE_READERS:
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
    if name in THROW_MATCHERS and expect_call(assertion) is not None and "not" not in path:
        if not args:
            return f"{name}()"
        if text(args[0]) in BROAD_ERRORS:
            return f"{name}({text(args[0])})"
    if len(path) == 2 and path[0] not in ("assert", "expect", "") and \
            name in ("throws", "throwsAsync") and len(args) == 1:
        return f"{path[0]}.{name} without an expected error"  # ava: `t.throws(fn)`
    if path[0] == "assert" and name in ("throws", "rejects"):
        matcher = args[1] if len(args) > 1 and not is_string(args[1]) else None
        if matcher is None:
            return f"assert.{name} without an expected error"
        if text(matcher) in BROAD_ERRORS:
            return f"assert.{name}(…, {text(matcher)})"
    return None


def _is_sleep(call: Node, sleepers: Collection[str] = ()) -> bool:
    """A real wait the test sits through: `await new Promise((r) => setTimeout(r, 100))`,
    `setTimeout(done, 100)`, `await sleep(50)`, `timers/promises` setTimeout, or a call of
    the file's own helper that waits so (`const wait = (ms) => new Promise(...)`). A timer
    whose callback nobody waits for holds the test up for no time at all."""
    name = call_name(call)
    args = args_of(call)
    if name == "setTimeout":
        awaited = len(args) == 1 and number_value(args[0]) is not None
        delay = args[1] if len(args) > 1 else args[0] if awaited else None
        if delay is None or not (awaited or _waited_for(call)):
            return False
        value = number_value(delay)
        return value is None or value > 0
    if (name in SLEEP_CALLS or name in sleepers) and args:
        value = number_value(args[0])
        return value is None or value > 0
    return False


def _waited_for(timer: Node) -> bool:
    """The test waits for this `setTimeout`: it resolves a promise (`new Promise((r) =>
    setTimeout(r, 50))`) or its callback is, or calls, `done`."""
    callback = args_of(timer)[0] if args_of(timer) else None
    if callback is not None and (text(callback) in WAIT_NAMES or any(
            n.type == "call_expression" and text(callee(n)) in WAIT_NAMES
            for n in walk(callback))):
        return True
    node = timer.parent
    while node is not None and node.type not in ("statement_block", "program"):
        if node.type == "new_expression" and text(node.child_by_field_name("constructor")) \
                == "Promise":
            return True
        node = node.parent
    holder = node.parent if node is not None else None  # `(r) => { setTimeout(r, 50); }`
    while holder is not None and holder.type in ("arrow_function", "function_expression",
                                                 "arguments"):
        holder = holder.parent
    return holder is not None and holder.type == "new_expression" and \
        text(holder.child_by_field_name("constructor")) == "Promise"


def _sleepers(functions: dict[str, Node]) -> set[str]:
    """The file's own helpers that wait in real time (`const wait = (ms) => new Promise(...)`);
    read once per file, not per test."""
    return {name for name, body in functions.items() if any(
        n.type == "call_expression" and _is_sleep(n) for n in walk(body))}


def _note_mock(call: Node, facts: _Facts) -> bool:
    """Count a mock made by this call; True when it is one."""
    path = member_path(unwrap(callee(call)))
    root, last = path[0], path[-1]
    node_test = "mock" in path[:2] and last in NODE_TEST_MOCKS and path[-2] == "mock"
    is_mock = (root in MOCK_ROOTS and len(path) > 1 and path[1] in MOCK_FACTORIES) or (
        ("sandbox" in root.lower() or root.lower().endswith("sinon")) and len(path) > 1
        and last in ("stub", "spy", "mock", "replace", "fake")) or node_test
    if not is_mock:
        return False
    if node_test:  # node:test's `mock.method(obj, 'name')`, `t.mock.fn()`
        facts.mocks += 1
        args = args_of(call)
        if last in ("method", "getter", "setter", "property") and len(args) >= 2 and \
                string_value(args[1]) is not None:
            facts.patched.add(f"{text(args[0])}.{string_value(args[1])}")
        return True
    if path[1:] == ["mocked"]:
        return True  # a typing helper: the mock was made elsewhere
    facts.mocks += 1
    args = args_of(call)
    method = path[1] if root in MOCK_ROOTS else last
    if method in ("spyOn", "stub", "spy", "replace", "replaceProperty", "replaceGetter",
                  "mock") and len(args) >= 2:
        name = string_value(args[1])
        if name is not None and (method not in ("spyOn", "spy") or _stubbed(call)):
            facts.patched.add(f"{text(args[0])}.{name}")
    return True


def _stubbed(spy: Node) -> bool:
    """A spy given behaviour of its own (`vi.spyOn(m, 'f').mockReturnValue(2)`, or later
    through the name it is bound to): it replaces the function. A bare spy calls through to
    the real one and only records."""
    parent = spy.parent
    if parent is not None and parent.type == "member_expression" and \
            text(parent.child_by_field_name("property")) in STUBBING:
        return True
    holder = parent
    while holder is not None and holder.type in ("await_expression", "parenthesized_expression",
                                                   "as_expression"):
        holder = holder.parent
    if holder is None or holder.type != "variable_declarator":
        return False
    name = text(holder.child_by_field_name("name"))
    scope = holder
    while scope.parent is not None:
        scope = scope.parent
    return any(n.type == "member_expression" and text(n.child_by_field_name("object")) == name
               and text(n.child_by_field_name("property")) in STUBBING for n in walk(scope))


def _note_assigned_mock(node: Node, facts: _Facts) -> None:
    """`obj.method = jest.fn()` or `obj.method = () => 100` (the method is replaced) or, in
    a test, `const formatCurrency = jest.fn()` (the name now calls a stand-in)."""
    declared = node.type == "variable_declarator"
    target = node.child_by_field_name("name" if declared else "left")
    value = unwrap(node.child_by_field_name("value" if declared else "right"))
    if target is None or value is None or target.type != (
            "identifier" if declared else "member_expression"):
        return
    if not declared and value.type in ("arrow_function", "function_expression"):
        facts.patched.add(".".join(member_path(target)))  # `cart.discount = () => 100`
        return
    if declared and value.type == "object":
        _note_spread_copy(value, facts)
    calls = [n for n in walk(value) if n.type == "call_expression"]
    if calls and _note_mock(calls[-1], _Facts()):
        facts.patched.add(text(target) if declared else ".".join(member_path(target)))


def _note_spread_copy(value: Node, facts: _Facts) -> None:
    """`{ ...calc, add: jest.fn(() => 5) }`: a copy of an object with a method replaced by a
    stand-in replaces that method of the object copied (`calc.add`)."""
    copied = [".".join(member_path(unwrap(c.named_children[0]))) for c in value.named_children
              if c.type == "spread_element" and c.named_children]
    copied = [name for name in copied if name]
    if not copied:
        return
    for pair in value.named_children:
        if pair.type != "pair":
            continue
        replaced = unwrap(pair.child_by_field_name("value"))
        stand_in = replaced is not None and (
            replaced.type in ("arrow_function", "function_expression") or
            (replaced.type == "call_expression" and _note_mock(replaced, _Facts())))
        if stand_in:
            key = text(pair.child_by_field_name("key")).strip("'\"")
            facts.patched |= {f"{name}.{key}" for name in copied}


def _note_defined_property(call: Node, facts: _Facts) -> None:
    """`Object.defineProperty(vault, 'get', { value: () => 'x' })` replaces `vault.get` as an
    assignment does (a descriptor with a `value` or a `get`)."""
    if member_path(unwrap(callee(call))) not in (["Object", "defineProperty"],
                                                 ["Reflect", "defineProperty"]):
        return
    args = args_of(call)
    name = string_value(args[1]) if len(args) == 3 else None
    owner = unwrap(args[0]) if args else None
    descriptor = unwrap(args[2]) if len(args) == 3 else None
    if name is None or owner is None or descriptor is None or descriptor.type != "object" or \
            owner.type not in ("identifier", "member_expression", "this"):
        return
    keys = {text(pair.child_by_field_name("key")) for pair in descriptor.named_children
            if pair.type == "pair"} | {text(method.child_by_field_name("name"))
                                       for method in descriptor.named_children
                                       if method.type == "method_definition"}
    if keys & {"value", "get"}:
        facts.patched.add(".".join([*member_path(owner), name]))


def _instances(test: JsTest) -> dict[str, str]:
    """Names the test or its hooks bind to a new object: `const inv = new Invoice()`."""
    found: dict[str, str] = {}
    for scope in (*test.hooks, test.body):
        for node in walk(scope) if scope is not None else ():
            if node.type in ("variable_declarator", "assignment_expression"):
                target = node.child_by_field_name("name") or node.child_by_field_name("left")
                value = unwrap(node.child_by_field_name("value") or
                               node.child_by_field_name("right"))
                if target is not None and value is not None and value.type == "new_expression":
                    built = member_path(unwrap(value.child_by_field_name("constructor")))
                    found[text(target)] = built[0]
    return found


def _helper_patches(body: Node) -> set[str]:
    """What a helper of the file replaces, each object it builds itself named by its class
    (`inventory.reserve = jest.fn()` on `Object.create(Inventory.prototype)` or `new
    Inventory()` is `Inventory.prototype.reserve`): the test that calls the helper and then
    the method exercises the helper's stand-in."""
    built: dict[str, str] = {}
    for node in walk(body):
        if node.type != "variable_declarator":
            continue
        name, value = node.child_by_field_name("name"), unwrap(node.child_by_field_name("value"))
        while value is not None and value.type in ("as_expression", "satisfies_expression",
                                                   "type_assertion", "non_null_expression"):
            value = unwrap(value.named_children[0]) if value.named_children else None
        if name is None or value is None:
            continue
        if value.type == "new_expression":
            path = member_path(unwrap(value.child_by_field_name("constructor")))
        elif value.type == "call_expression" and \
                member_path(unwrap(callee(value))) == ["Object", "create"] and args_of(value):
            path = member_path(unwrap(args_of(value)[0]))
            path = path[:-1] if path[-1:] == ["prototype"] else []
        else:
            continue
        if len(path) == 1:
            built[text(name)] = path[0]
    found = set()
    for target in _hook_mocks((body,))[1]:
        root, dot, rest = target.partition(".")
        found.add(f"{built[root]}.prototype.{rest}" if dot and root in built else target)
    return found


def _member(about: Node | None, imports: dict[str, str]) -> bool:
    """`deps.repo.insert`, a collaborator's method, or an imported function a module mock
    replaced (`sendEmail`), not a callback spy checked itself."""
    value = unwrap(about)
    return value is not None and (value.type == "member_expression" or
                                  value.type == "identifier" and text(value) in imports)


def _overrides(root: Node, subject: Subject) -> dict[str, set[str]]:
    """The file's subclasses of the module's classes and the module's methods each one
    replaces (`class StubBucket extends TokenBucket { allow() {...} }`)."""
    found: dict[str, set[str]] = {}
    for node in walk(root):
        if node.type not in ("class_declaration", "class"):
            continue
        name = node.child_by_field_name("name")
        bases = {text(n) for h in node.named_children if h.type == "class_heritage"
                 for n in walk(h) if n.type == "identifier"}
        body = node.child_by_field_name("body")
        if name is None or body is None or not bases & subject.classes:
            continue
        found[text(name)] = {text(m.child_by_field_name("name")) for m in body.named_children
                             if m.type == "method_definition"} & set(subject.functions) - \
            {"constructor"} - subject.boundaries
    return found


def _overridden_call(test: JsTest, overrides: dict[str, set[str]]) -> str | None:
    """A method the test calls on an instance of a subclass that replaces that very method
    (`new StubBucket().allow()`): the test checks the stand-in, not the code under test."""
    if not any(overrides.values()) or test.body is None:
        return None
    built = _instances(test)
    for node in walk(test.body):
        function = unwrap(callee(node)) if node.type == "call_expression" else None
        if function is None or function.type != "member_expression":
            continue
        owner = unwrap(function.child_by_field_name("object"))
        if owner is not None and owner.type == "new_expression":
            cls = member_path(unwrap(owner.child_by_field_name("constructor")))[0]
        else:
            cls = built.get(text(owner), "")
        method = text(function.child_by_field_name("property"))
        if method in overrides.get(cls, ()):
            return f"{cls}.{method}"
    return None


def _receivers(body: Node) -> set[str]:
    """What the test calls methods on (`basket` in `basket.total()`, `Invoice` in
    `new Invoice().total()`): the objects and classes it exercises itself."""
    found = set()
    for node in walk(body):
        function = unwrap(callee(node)) if node.type == "call_expression" else None
        if function is None or function.type != "member_expression":
            continue
        owner = unwrap(function.child_by_field_name("object"))
        if owner is not None and owner.type == "new_expression":
            found.add(member_path(unwrap(owner.child_by_field_name("constructor")))[0])
        elif not _note_mock(node, _Facts()):
            found.add(member_path(function)[0])
    return found


def _sut_patched(facts: _Facts, subject: Subject, imports: dict[str, str], path: str,
                 checked: set[str], instances: dict[str, str] | None = None,
                 receivers: set[str] | None = None, called: set[str] | None = None,
                 echoed: Collection[str] = ()) -> str | None:
    """A replaced target that is the code under test: a function of the module under test
    (or a method of its class, `Invoice.prototype.tax`, or of an instance the test built:
    `instances` maps `inv` to `Invoice`, when the test exercises that class itself, not only
    through another object), or the function the test's assertions check (it then tests its
    own stand-in). A function whose stand-in's return value is the very value the test
    checks (`echoed`, see `_answered_by_stand_in`) is never a mere collaborator."""
    instances = instances or {}
    exercised = {instances.get(r, r) for r in receivers or ()}
    for target in sorted(facts.patched):
        head, _, last = target.rpartition(".")
        if last == "*":
            continue
        root = instances.get(head.split(".", 1)[0], head.split(".", 1)[0])
        module = module_key(imports[root], path) if root in imports else head
        if subject.module and last in subject.functions and last not in subject.boundaries \
                and (module == subject.module or module.endswith("/" + subject.module)
                     or subject.module.endswith("/" + module.lstrip("./"))):
            if root in subject.classes and root not in exercised and last not in checked:
                continue  # a method of a collaborating class of the module, not under test
            if last not in echoed and _collaborator_of_a_class(
                    last, subject, exercised | set(instances.values()), called or set()):
                continue
            return target  # the module's own logic (a boundary of it is a collaborator)
        if not head and last not in subject.functions:
            continue  # a local stand-in (`const send = vi.fn()`) replaces nothing under test
        if last in checked and last not in GENERIC_PATCHES:
            return target
    return None


def _collaborator_of_a_class(function: str, subject: Subject, exercised: set[str],
                             called: set[str]) -> bool:
    """A function of the module outside its classes, replaced while the test exercises one
    of those classes and calls none of the module's functions itself: the class is what
    the test claims to test, the function a collaborator it uses (as in `smells.py`). The
    caller first sets aside a function whose stand-in returns the value checked
    (`_answered_by_stand_in`)."""
    return function in subject.top_level and not called & subject.top_level and \
        bool(exercised & subject.classes)


def _answered_by_stand_in(scopes: Iterable[Node], assertions: Iterable[Node]) -> set[str]:
    """Functions given a return value (`jest.spyOn(cart, 'computeTotal').mockReturnValue(42)`,
    `computeTotal.mockReturnValue(42)` after `jest.mock`, or through the spy's name) that an
    equality assertion then expects (`expect(cart.total()).toBe(42)`): what the test
    verifies is its own stand-in's answer."""
    spies: dict[str, str] = {}  # `const spy = jest.spyOn(m, 'f')` → `f`
    returns: dict[str, set[str]] = {}
    for scope in scopes:
        for node in walk(scope):
            if node.type == "variable_declarator":
                value = unwrap(node.child_by_field_name("value"))
                name = node.child_by_field_name("name")
                if value is not None and name is not None and \
                        value.type == "call_expression" and \
                        member_path(unwrap(callee(value)))[-1:] in (["spyOn"], ["spy"]):
                    args = args_of(value)
                    method = string_value(args[1]) if len(args) >= 2 else None
                    if method:
                        spies[text(name)] = method
    for scope in scopes:
        for node in walk(scope):
            if node.type != "call_expression":
                continue
            function = unwrap(callee(node))
            if function is None or function.type != "member_expression" or \
                    text(function.child_by_field_name("property")) not in (
                        "mockReturnValue", "mockReturnValueOnce", "mockResolvedValue",
                        "mockResolvedValueOnce", "returns", "resolves"):
                continue
            owner = unwrap(function.child_by_field_name("object"))
            args = args_of(node)
            if owner is None or not args:
                continue
            if owner.type == "call_expression":
                inner = args_of(owner)
                target = string_value(inner[1]) if len(inner) >= 2 else None
            else:
                path = member_path(owner)
                target = spies.get(text(owner)) or (path[-1] if path else None)
            if target:
                returns.setdefault(target, set()).add(text(args[0]))
    if not returns:
        return set()
    checked = {text(side) for assertion in assertions for side in compared(assertion) or ()}
    return {function for function, values in returns.items() if values & checked}


def _literal(node: Node) -> bool:
    """Literals only (numbers, strings, arrays and objects of them, a sign)."""
    return all(n.type not in ("identifier", "call_expression", "member_expression",
                              "new_expression", "this", "template_substitution",
                              "shorthand_property_identifier") for n in walk(node))


def _expected_numbers(arg: Node, matcher_arg: bool) -> set[int]:
    """Numbers an argument holds as the expected value: every number of a matcher's argument
    (`toEqual({ total: 1481.4, currency })`, `new Money(1999)`) but those handed to a call in
    it, and the one the actual is measured against in `Math.abs(actual - 299.71)`."""
    found: set[int] = set()
    for node in walk(arg):
        if node.type == "call_expression" and member_path(unwrap(callee(node)))[-2:] == \
                ["Math", "abs"] and args_of(node):
            difference = unwrap(args_of(node)[0])
            if difference is not None and difference.type == "binary_expression" and \
                    text(difference.child_by_field_name("operator")) == "-":
                right = difference.child_by_field_name("right")
                found |= {n.id for n in walk(right)} if right is not None else set()
    if matcher_arg:
        inside_calls = {n.id for call in walk(arg) if call.type == "call_expression"
                        and not _builds_expected(call) for a in args_of(call) for n in walk(a)}
        found |= {n.id for n in walk(arg) if n.type == "number" and n.id not in inside_calls}
    return found


def _builds_expected(call: Node) -> bool:
    """A call that builds the expected value itself (`expect.objectContaining({...})`,
    `Money.of(1481.45, 'EUR')`, `Number(x.toFixed(2))`): its numbers are the expectation."""
    path = member_path(unwrap(callee(call)))
    return path[0] == "expect" or path[0][:1].isupper() or path[-1] in ("toFixed", "of",
                                                                       "from")


def _shown(assertion: Node) -> str:
    """The digits of an assertion's literal expected texts (a matcher's or `assert.equal`'s
    literal arguments after the actual): an input they show is explained; a number expected
    back as itself explains nothing."""
    args = args_of(assertion)
    if expect_call(assertion) in (None, assertion):
        args = args[1:]
    return " ".join(digits(string_value(n) or "") for arg in args if _literal(arg)
                    for n in walk(arg) if n.type == "string")


def _worked(test: JsTest, comments: dict[int, str]) -> str:
    """The digits of the test's comments (`comments`: the file's, by the row each ends on),
    in it and right above it: a number whose working a comment shows (`// 1999 * 0.92 =
    1839.08 -> 1839` over `toBe(1839)`) is explained. Read by row, once per file: a
    sibling walk per test would be quadratic in a file of many comments and tests."""
    first = test.statement.start_point.row
    while first - 1 in comments:
        first -= 1
    return " ".join(comments[row] for row in range(first, test.call.end_point.row + 1)
                    if row in comments)


def _magic_number(assertion: Node, shown: str = "") -> float | int | None:
    """An unexplained literal in an assertion: a large number or one with many decimals, but
    never the literal expected value, nor an input whose digits an expected text of the test
    shows (`formatAmount(1999)` → `'19.99 EUR'`)."""
    nodes = [assertion]
    root = expect_call(assertion)
    if root is not None and root is not assertion:
        nodes.append(root)
    matcher = call_name(assertion)
    for part in nodes:
        args = args_of(part)
        if matcher == "toBeCloseTo" and part is assertion:
            args = args[:1]
        for arg in args:
            if part is assertion and _literal(arg):
                continue  # the literal expected value: what a good test holds
            expected = _expected_numbers(arg, matcher_arg=part is assertion and
                                         expect_call(assertion) not in (None, assertion))
            for node in walk(arg):
                if node.type != "number" or node.id in expected:
                    continue
                value = number_value(node)
                if value is None or value in PLAIN_NUMBERS:
                    continue
                if (abs(value) >= 1000 or (isinstance(value, float) and len(repr(value)) > 5)) \
                        and digits(value) not in shown:
                    return value
    return None

"""Tautologies in jest and vitest tests: the expected value computed by the code under test, or
by its own formula (gate 5), and what the code under test looks like to that check.

An equality assertion (`expect(a).toBe(b)`, `toEqual`, `toStrictEqual`, `toBeCloseTo`, chai's
`equal`, node's `assert.equal` family; never negated) is read with the test's own names filled
in (`const expected = f(x)` → `f(x)`). Identical sides that call something are a tautology; the
same call on other inputs is a property (`f(a, b) === f(b, a)`), a round trip nests different
calls. A side with the shape of one of the module's return expressions, without calling it,
repeats its formula.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from pathlib import PurePosixPath

from tree_sitter import Node

from bot.chains.tests.js_tests import expect_call, function_of
from bot.chains.tests.jsast import (
    args_of,
    call_name,
    callee,
    member_path,
    number_value,
    parse,
    string_value,
    text,
    unwrap,
    walk,
)
from bot.chains.tests.nesting import MAX_JS_DEPTH, affordable, js_depth
from bot.chains.tests.py_tautology import rebuilds
from bot.chains.tests.smells import Subject

EQUALITY_MATCHERS = frozenset({"toBe", "toEqual", "toStrictEqual", "toBeCloseTo", "equal",
                               "equals", "eql", "strictEqual", "deepEqual", "deepStrictEqual",
                               "is"})
DATA_BUILDERS = frozenset({"String", "Number", "Boolean", "Array", "Object", "Set", "Map",
                           "from", "of", "keys", "values", "entries", "parseInt", "parseFloat",
                           "toString", "BigInt", "Symbol", "fill", "isArray"})


def js_subject(path: str, source: str, functions: Iterable[str] = ()) -> Subject:
    """The module under test: its path without suffix, its functions and return shapes."""
    wanted = set(functions)
    tree, _ = parse(source, path)
    defined: set[str] = set()
    shapes: list[str] = []
    parts: set[str] = set()
    used: set[str] = set()
    boundaries: set[str] = set()
    operators: dict[str, frozenset[str]] = {}
    calls_of: dict[str, frozenset[str]] = {}
    helpers = one_expression_helpers(tree.root_node)
    steps: set[str] = set()
    for node in walk(tree.root_node):
        name, body = function_of(node)
        if not name:
            continue
        defined.add(name)
        if wanted and name not in wanted or body is None or \
                js_depth(body)[0] > MAX_JS_DEPTH:
            continue  # a function nested too deep to read gives no facts
        try:
            facts = _function_facts(body, helpers)
        except RecursionError:  # deep only once a helper is read inline
            continue
        used |= facts.calls
        calls_of[name] = facts.calls
        if facts.reaches_out:
            boundaries.add(name)
        operators[name] = facts.operators
        shapes += facts.shapes
        parts |= facts.parts
        steps |= facts.steps
    module = str(PurePosixPath(path).with_suffix(""))
    classes = {text(n.child_by_field_name("name")) for n in walk(tree.root_node)
               if n.type in ("class_declaration", "class", "abstract_class_declaration")
               and n.child_by_field_name("name") is not None}
    top_level = {name for node in walk(tree.root_node)
                 if _top_level(node) and (name := function_of(node)[0])}
    return Subject(module, frozenset(wanted or defined),
                   tuple(dict.fromkeys(s for s in shapes if s != "_")), frozenset(used),
                   tuple(sorted(parts)), operators=operators, classes=frozenset(classes),
                   boundaries=frozenset(boundaries), steps=frozenset(steps),
                   top_level=frozenset(top_level), calls_of=calls_of,
                   constants=frozenset(_constants(tree.root_node)))


def _constants(root: Node) -> set[str]:
    """Names the module binds at its top level to a value, not a function
    (`const ABSOLUTE_ZERO_C = -273.15`)."""
    found = set()
    for node in walk(root):
        name = node.child_by_field_name("name") if node.type == "variable_declarator" else None
        value = unwrap(node.child_by_field_name("value")) if name is not None else None
        if name is not None and name.type == "identifier" and value is not None and \
                node.parent is not None and _top_level(node.parent) and \
                value.type not in ("arrow_function", "function_expression", "function",
                                   "class"):
            found.add(text(name))
    return found


def _top_level(node: Node) -> bool:
    """A declaration of the module itself (exported or not), not inside a function or class."""
    parent = node.parent
    while parent is not None and parent.type in ("export_statement", "lexical_declaration",
                                                 "variable_declaration"):
        parent = parent.parent
    return parent is not None and parent.type == "program"


@dataclass(frozen=True)
class _FunctionFacts:
    """What one function of the module under test contributes to its `Subject`."""

    calls: frozenset[str]
    reaches_out: bool
    operators: frozenset[str]
    shapes: list[str]
    parts: frozenset[str]
    steps: frozenset[str]


def _function_facts(body: Node, helpers: Inline) -> _FunctionFacts:
    bound = bindings(body) if body.type == "statement_block" else {}
    shapes: list[str] = []
    parts: set[str] = set()
    for returned in returned_values(body):
        if is_formula(returned):
            shapes += [js_shape(returned), js_shape(returned, bound),
                       js_shape(returned, bound, inline=helpers)]
        parts |= set(formula_parts(returned, bound))
    return _FunctionFacts(frozenset(made_calls(body)), reaches_out(body),
                          frozenset(operators_of(body)), shapes, frozenset(parts),
                          frozenset(steps_of(body)))


OUTSIDE_CALLS = frozenset({"fetch", "readFile", "readFileSync", "writeFile", "writeFileSync",
                           "appendFile", "request", "setTimeout", "setInterval", "now",
                           "random", "exec", "execSync", "spawn", "connect", "query",
                           "send", "sendMail", "createConnection", "randomUUID",
                           "getRandomValues", "readdir", "stat", "open", "randomBytes",
                           "existsSync", "readdirSync", "mkdirSync", "unlinkSync", "rmSync",
                           "statSync", "hrtime", "getItem", "setItem", "removeItem",
                           "sendMessage", "sendEmail", "publish", "postMessage"})
"""Calls that leave the process: a function making one is a boundary of the module."""
HTTP_CLIENTS = frozenset({"axios", "http", "https", "got", "ky", "superagent", "client",
                          "api", "db", "pool", "redis", "fs", "fsp", "crypto", "os",
                          "child_process", "localStorage", "sessionStorage", "navigator",
                          "transporter", "mailer", "smtp", "s3", "bucket"})
"""Modules and handles whose every call leaves the process."""


def reaches_out(body: Node) -> bool:
    """`body` calls the network, files, clock, randomness or a process (`fetch(url)`,
    `axios.get(url)`, `fs.readFile(p)`, `Date.now()`, `new XMLHttpRequest()`)."""
    for node in walk(body):
        if node.type == "call_expression":
            path = member_path(unwrap(callee(node)))
            if path[-1] in OUTSIDE_CALLS or path[0] in HTTP_CLIENTS and len(path) > 1:
                return True
        elif node.type == "new_expression" and (text(
                node.child_by_field_name("constructor")) in ("XMLHttpRequest", "WebSocket") or
                text(node.child_by_field_name("constructor")) == "Date" and not any(
                    c.type != "comment" for c in (node.child_by_field_name("arguments") or
                                                  node).named_children)):
            return True  # `new Date()`: the clock
        elif node.type == "member_expression" and text(node).startswith("process.env"):
            return True
    return False


def returned_values(body: Node) -> list[Node]:
    """What a function body returns: an arrow's expression, or its `return` values."""
    if body.type not in ("statement_block", "class_body"):
        return [body]
    return [r.named_children[0] for r in walk(body)
            if r.type == "return_statement" and r.named_children]


def formula_parts(node: Node, bound: dict[str, Node], depth: int = 0) -> list[str]:
    """Shapes of the pieces of `node` with two operators or more, the function's own local
    names filled in (`const extra = w * k; return base + extra` holds `_ + _ * _`)."""
    found: list[str] = []
    for inner in walk(node):
        if inner.type == "identifier" and text(inner) in bound and depth < 4:
            name = text(inner)
            found += formula_parts(bound[name], {k: v for k, v in bound.items() if k != name},
                                   depth + 1)
        elif inner.type in ("binary_expression", "call_expression") and \
                operators(inner, bound) >= 2:
            found.append(js_shape(inner, bound))
    return found


def operators(node: Node, bound: dict[str, Node] | None = None, depth: int = 0) -> int:
    """Binary operators in `node`, through the names `bound` fills in."""
    count = 0
    for inner in walk(node):
        if inner.type == "binary_expression":
            count += 1
        elif bound and inner.type == "identifier" and text(inner) in bound and depth < 4:
            name = text(inner)
            count += operators(bound[name], {k: v for k, v in bound.items() if k != name},
                               depth + 1)
    return count


def compared(assertion: Node) -> tuple[Node, Node] | None:
    """(actual, expected) of an equality assertion."""
    function = unwrap(callee(assertion))
    path = member_path(function)
    args = args_of(assertion)
    root = expect_call(assertion)
    if root is not None and root is not assertion and path[-1] in EQUALITY_MATCHERS \
            and "not" not in path:
        actual = args_of(root)
        if actual and args:
            return actual[0], args[0]
    if path[0] == "assert" and path[-1] in EQUALITY_MATCHERS and len(args) >= 2:
        return args[0], args[1]
    return None


def _assigned_from(body: Node, name: str) -> Node | None:
    """What the first `const name = ...` of the body binds (a declaration without a value
    binds nothing)."""
    return _declared(body).get(name)


@functools.lru_cache(maxsize=64)
def _declared(body: Node) -> dict[str, Node | None]:
    """Each name the body declares → the value of its first declaration, read once per
    body (a test of a thousand checks would walk itself once per check)."""
    found: dict[str, Node | None] = {}
    for node in walk(body):
        if node.type == "variable_declarator":
            target = node.child_by_field_name("name")
            if target is not None and target.type == "identifier":
                found.setdefault(text(target), node.child_by_field_name("value"))
    return found


def bindings(body: Node) -> dict[str, Node]:
    """Names the test binds with `const`/`let name = value` (the last binding wins); read
    once per body, every caller gets its own copy."""
    return dict(_bindings(body))


@functools.lru_cache(maxsize=64)
def _bindings(body: Node) -> dict[str, Node]:
    bound: dict[str, Node] = {}
    for node in walk(body):
        if node.type == "variable_declarator":
            target, value = node.child_by_field_name("name"), node.child_by_field_name("value")
            if target is not None and value is not None and target.type == "identifier":
                bound[text(target)] = value
    return affordable(bound, lambda value: sum(1 for _ in walk(value)),
                      lambda value: (text(n) for n in walk(value) if n.type == "identifier"))


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
    copied = _copy_of(node)
    if copied is not None:
        return _expanded(copied, bound, depth)
    return " ".join(_expanded(child, bound, depth) for child in node.children
                    if child.type != "comment")


def resolved(value: Node | None, body: Node) -> Node | None:
    """`result` → what the test assigned to it (`const result = total(items)`)."""
    value = unwrap(value)
    if value is not None and value.type == "identifier":
        assigned = _assigned_from(body, text(value))
        return unwrap(assigned) if assigned is not None else value
    return value


def _constant(node: Node) -> bool:
    """An expression of literals and operators only (`true`, `1 + 1`, `'a'`)."""
    return all(n.type not in ("identifier", "call_expression", "member_expression",
                              "new_expression", "this", "subscript_expression",
                              "template_substitution", "await_expression")
               for n in walk(node))


_NOT_LITERAL = object()
PASSES_ON: dict[str, Callable[[object], bool]] = {
    **dict.fromkeys(("assert", "ok", "isOk", "true", "isTrue", "truthy", "toBeTruthy"), bool),
    **dict.fromkeys(("notOk", "isNotOk", "false", "isFalse", "falsy", "toBeFalsy"),
                    lambda value: not value),
    **dict.fromkeys(("toBeDefined", "isDefined", "exist", "exists", "isNotNull"),
                    lambda value: value is not None),
    **dict.fromkeys(("toBeNull", "isNull", "null", "toBeUndefined", "isUndefined",
                     "undefined"), lambda value: value is None),
}
"""One-value checks (`assert.ok`, `expect(x).toBeTruthy()`, chai's `.to.be.true`, ava's
`t.true`): whether each passes on a given literal (`null` and `undefined` read as None)."""


def _literal_value(node: Node | None) -> object:
    """The value of a literal (`true`, `0`, `'a'`, `null`), else _NOT_LITERAL."""
    node = unwrap(node)
    if node is None:
        return _NOT_LITERAL
    if node.type in ("true", "false"):
        return node.type == "true"
    if node.type in ("null", "undefined"):
        return None
    if node.type in ("string", "template_string"):
        value = string_value(node)
        return _NOT_LITERAL if value is None else value
    number = number_value(node)
    return _NOT_LITERAL if number is None else number


def true_by_construction(assertion: Node) -> bool:
    """`assert.ok(true)`, `assert(1)`, `expect(true).toBeTruthy()`, `expect(true).to.be.true`,
    `t.pass()`: one literal that passes its check, or a check of nothing. Beside real checks
    it marks a point the test reached; as a test's only check it checks nothing the code does
    (a deliberate `assert.ok(false)` fails)."""
    root = expect_call(assertion)
    path = member_path(unwrap(callee(assertion)) if assertion.type == "call_expression"
                       else assertion)
    if "not" in path or not path:
        return False
    if path[-1] == "pass" and len(path) == 2 and assertion.type == "call_expression":
        return not args_of(assertion)  # ava's and tap's `t.pass()`
    checks = PASSES_ON.get(path[-1])
    if checks is None:
        return False
    if root is not None and root is not assertion:
        args = args_of(root)
    elif assertion.type == "call_expression":
        args = args_of(assertion)
    else:
        return False
    value = _literal_value(args[0]) if args else _NOT_LITERAL
    return value is not _NOT_LITERAL and bool(checks(value))


ORDER_MATCHERS = frozenset({"toBeGreaterThanOrEqual", "toBeLessThanOrEqual", "least", "most",
                            "gte", "lte", "isAtLeast", "isAtMost"})
REFLEXIVE_OPERATORS = frozenset({"===", "==", ">=", "<="})


@dataclass(frozen=True)
class _Check:
    """What an assertion checks, read alike in every style: its matcher or method (`path`'s
    last word), the two values of an order check (`expect(a).toBeGreaterThanOrEqual(b)`,
    `assert.isAtLeast(a, b)`), or the one value a truthiness check reads (`assert.ok(v)`,
    `expect(v).toBe(true)`)."""

    method: str
    ordered: tuple[Node, ...]
    truthy: Node | None


def _check_of(assertion: Node) -> _Check | None:
    root = expect_call(assertion)
    function = unwrap(callee(assertion)) if assertion.type == "call_expression" else assertion
    path = member_path(function)
    if not path or "not" in path:
        return None  # a negated check holds on other values
    args = args_of(assertion) if assertion.type == "call_expression" else []
    chained = root is not None and root is not assertion
    actual = args_of(root)[:1] if chained and root is not None else args[:1]
    ordered = tuple([*actual, *args[:1]] if chained else args[:2]) \
        if path[-1] in ORDER_MATCHERS else ()
    truthy = PASSES_ON.get(path[-1]) is bool or (
        chained and path[-1] in ("toBe", "equal", "toEqual") and bool(args) and
        _literal_value(args[0]) is True)
    return _Check(path[-1], ordered if len(ordered) == 2 else (),
                  unwrap(actual[0]) if actual and truthy else None)


def _sides(node: Node | None, operators: Iterable[str]) -> tuple[Node, Node] | None:
    """(left, right) of a binary expression with one of `operators`, else None."""
    if node is None or node.type != "binary_expression" or \
            text(node.child_by_field_name("operator")) not in operators:
        return None
    left, right = (unwrap(node.child_by_field_name(side)) for side in ("left", "right"))
    return (left, right) if left is not None and right is not None else None


def reflexive(assertion: Node) -> Node | None:
    """The value an assertion compares with itself under a relation every value has with
    itself (`expect(x).toBeGreaterThanOrEqual(x)`, `assert.ok(x === x)`,
    `expect(x >= x).toBe(true)`), else None. Sides that call something may differ between
    calls (`Date.now() <= Date.now()` checks a clock), so only plain values and pure builtins
    (`Object.keys(x).length`) count."""
    check = _check_of(assertion)
    if check is None:
        return None
    pair = check.ordered or _sides(check.truthy, REFLEXIVE_OPERATORS)
    return pair[0] if pair and _same_value(pair[0], pair[1]) else None


def holds_for_any_value(assertion: Node) -> str | None:
    """Why a check holds whatever value the code gives, or None: a length is never negative
    (`expect(xs.length).toBeGreaterThanOrEqual(0)`, `assert.ok(xs.length >= 0)`), and
    `|| true` makes any check true (`expect(total(xs) === 3 || true).toBe(true)`)."""
    check = _check_of(assertion)
    if check is None:
        return None
    at_least = check.ordered if check.method in ("toBeGreaterThanOrEqual", "least", "gte",
                                                 "isAtLeast") else ()
    pair = at_least or _sides(check.truthy, (">=",))
    if pair and _length(pair[0]) and text(pair[1]) == "0":
        return "a length is never negative"
    below = _sides(check.truthy, ("<=",))
    if below and text(below[0]) == "0" and _length(below[1]):
        return "a length is never negative"
    either = _sides(check.truthy, ("||",))
    if either and any(_literal_value(side) not in (_NOT_LITERAL, None) and
                      bool(_literal_value(side)) for side in either):
        return "`|| true` holds whatever the code does"
    if either and _opposites(*either):
        return "a check `||` its opposite holds whatever the code does"
    return _own_type(assertion, check)


OPPOSITE_OPERATORS = {"===": "!==", "!==": "===", "==": "!=", "!=": "==", "<": ">=",
                      ">=": "<", ">": "<=", "<=": ">"}
TYPE_CONVERTERS = frozenset({"String", "Number", "Boolean"})
"""Converters whose result is always of their type: `String(x)` is a String."""


def _opposites(left: Node, right: Node) -> bool:
    """`r || !r`, `a === b || a !== b`: one of the two always holds."""
    for one, other in ((left, right), (right, left)):
        if other.type == "unary_expression" and \
                text(other.child_by_field_name("operator")) == "!" and \
                text(unwrap(other.child_by_field_name("argument"))) == text(one):
            return True
    if left.type == right.type == "binary_expression":
        operator = text(left.child_by_field_name("operator"))
        return OPPOSITE_OPERATORS.get(operator) == text(right.child_by_field_name("operator")) \
            and all(text(left.child_by_field_name(side)) == text(right.child_by_field_name(side))
                    for side in ("left", "right"))
    return False


def _own_type(assertion: Node, check: _Check) -> str | None:
    """A type check that holds for any value: `typeof x` is always a non-empty string
    (`expect(typeof x).toBeDefined()`), and a value built by a type's converter or literal
    is of that type (`expect(String(x)).toEqual(expect.any(String))`, `expect([f(x)])
    .toBeInstanceOf(Array)`)."""
    root = expect_call(assertion)
    chained = root is not None and root is not assertion
    values = args_of(root)[:1] if chained and root is not None else \
        (args_of(assertion)[:1] if assertion.type == "call_expression" else [])
    actual = unwrap(values[0]) if values else None
    if actual is None:
        return None
    passes = PASSES_ON.get(check.method)
    if actual.type == "unary_expression" and \
            text(actual.child_by_field_name("operator")) == "typeof" and passes is not None \
            and passes("string") and passes(True):
        return "`typeof` always gives a non-empty string"
    args = args_of(assertion) if chained else []
    expected = unwrap(args[0]) if args else None
    if expected is None:
        return None
    called = unwrap(callee(actual)) if actual.type == "call_expression" else None
    built = call_name(actual) if called is not None and called.type == "identifier" else ""
    wanted = ""
    if check.method == "toBeInstanceOf":
        wanted = text(expected)
    elif check.method in ("toEqual", "toStrictEqual") and expected.type == "call_expression" \
            and member_path(unwrap(callee(expected)))[-2:] == ["expect", "any"] and \
            args_of(expected):
        wanted = text(unwrap(args_of(expected)[0]))
    if wanted == "Array" and actual.type == "array":
        return "an array literal is an Array"
    if wanted and built in TYPE_CONVERTERS and wanted == built:
        return f"a value built by {built}() is a {wanted}"
    return None


def _length(node: Node | None) -> bool:
    node = unwrap(node)
    return node is not None and node.type == "member_expression" and \
        member_path(node)[-1] in ("length", "size")


PURE_ROOTS = frozenset({"Math", "Object", "JSON", "Number", "String", "Array", "Boolean"})
"""Calls that give the same value for the same argument (`Object.keys(x).length`)."""


def _same_value(left: Node, right: Node) -> bool:
    return text(unwrap(left)) == text(unwrap(right)) and not any(
        n.type in ("new_expression", "await_expression", "update_expression",
                   "assignment_expression") or (
            n.type == "call_expression" and (
                member_path(unwrap(callee(n)))[0] not in PURE_ROOTS or
                member_path(unwrap(callee(n)))[-1] == "random"))
        for n in walk(left))


def _copy_of(node: Node) -> Node | None:
    """What `node` only copies (`[...xs]`, `{...o}`, `xs.slice()`, `Array.from(xs)`,
    `structuredClone(xs)`, `JSON.parse(JSON.stringify(xs))`): the copy is the same input.
    None when it is no copy."""
    named = [c for c in node.named_children if c.type != "comment"]
    if node.type in ("array", "object") and len(named) == 1 and \
            named[0].type in ("spread_element",) and named[0].named_children:
        return named[0].named_children[0]
    if node.type != "call_expression":
        return None
    args, path = args_of(node), member_path(unwrap(callee(node)))
    if path == ["structuredClone"] and len(args) == 1:
        return args[0]
    inner = unwrap(args[0]) if path == ["JSON", "parse"] and len(args) == 1 else None
    if inner is not None and inner.type == "call_expression" and \
            member_path(unwrap(callee(inner))) == ["JSON", "stringify"] and \
            len(args_of(inner)) == 1:
        return args_of(inner)[0]  # `JSON.parse(JSON.stringify(x))`: a deep copy
    if path == ["Array", "from"] and len(args) == 1:
        return args[0]
    function = unwrap(callee(node))
    if path[-1:] == ["slice"] and not args and function is not None and \
            function.type == "member_expression":
        return function.child_by_field_name("object")
    return None


TRIVIAL = frozenset({"0", "1", "-1", "true", "false", "null", "undefined", "''", '""', "``"})


def made_calls(node: Node) -> set[str]:
    """What `node` calls or constructs (`f()`, `a.m()`, `new Intl.NumberFormat()`), but plain
    data builders."""
    found = set()
    for inner in walk(node):
        if inner.type == "call_expression":
            found.add(call_name(inner))
        elif inner.type == "new_expression":
            built = member_path(unwrap(inner.child_by_field_name("constructor")))
            found.add(built[-1] if built else "")
    return found - {""} - DATA_BUILDERS


def _applied(call: Node) -> set[str]:
    """The name `call` itself calls or constructs (not those inside its arguments)."""
    if call.type == "call_expression":
        return {call_name(call)}
    built = member_path(unwrap(call.child_by_field_name("constructor")))
    return {built[-1]} if built else set()


def _subject_inputs(node: Node, functions: Iterable[str], receivers: bool = True) -> set[str]:
    """The texts of the arguments given to the subject's functions in `node`, and the object
    a method of the subject is called on (`cache` in `cache.hitRate()`): an expectation
    computed from its state (`cache.hits / (cache.hits + cache.misses)`) is computed from
    the same inputs."""
    wanted = set(functions)
    calls = [inner for inner in walk(node)
             if inner.type == "call_expression" and call_name(inner) in wanted]
    found = {text(arg) for inner in calls for arg in args_of(inner) if text(arg) not in TRIVIAL}
    for inner in calls:
        function = unwrap(callee(inner))
        owner = function.child_by_field_name("object") if function is not None and \
            function.type == "member_expression" else None
        if receivers and owner is not None and owner.type == "identifier":
            found.add(text(owner))
    return found


def _repeats_ingredients(values: list[Node], subject: Subject) -> str | None:
    """A side that does not call the subject, computed from the other side's inputs with
    the calls the subject makes: the expectation is derived from the subject's own logic."""
    for built, checked in ((values[1], values[0]), (values[0], values[1])):
        calls = made_calls(built)
        # `new Token('NAME', 'a', 0)` of the module's own class is a literal of the result's
        # type, not a computation
        repeated = calls & subject.calls - subject.functions - subject.classes
        if not repeated or calls & subject.functions or \
                not top_calls(checked) & subject.functions:
            continue
        # the ingredient is applied to the subject's inputs; a literal of another field
        # written out beside it (`createdAt: new Date('2024-05-01')`) is no computation
        applied = {text(n) for call in walk(built) if call.type in (
            "call_expression", "new_expression") and _applied(call) & repeated
            for n in walk(call)}
        if _subject_inputs(checked, subject.functions) & applied:
            return (f"expected value is computed with the implementation's own "
                    f"{min(repeated)}() from the same inputs")
    return None


def tautology(assertion: Node, body: Node, subject: Subject,
              helpers: dict[str, Node] | None = None) -> str | None:
    """Identical sides that call something (the same call on the same inputs: a property
    like `f(a, b) == f(b, a)` is not one), or a side repeating the implementation's formula,
    inline or in one of the test file's own helpers (`helpers`: name → body)."""
    same = reflexive(assertion)
    if same is not None:
        return f"it compares {text(same)[:40]} with itself"
    always = holds_for_any_value(assertion)
    if always:
        return always
    root = expect_call(assertion)
    if root is not None and root is not assertion and assertion.type == "call_expression":
        parts = [*args_of(root)[:1], *args_of(assertion)]  # `expect([1, 2]).toContain(2)`
        if len(parts) >= 2 and all(_constant(part) for part in parts):
            return "it checks constants: nothing the test runs can change them"
    pair = compared(assertion)
    if pair is None:
        return None
    left, right = (unwrap(side) for side in pair)
    if left is None or right is None:
        return None
    sides = [left, right]
    if text(left) == text(right):
        return f"it compares {text(left)[:40]} with itself"
    if all(_constant(side) for side in sides):
        return "it compares constants: nothing the test runs can change them"
    bound = bindings(body)
    actual, expected = (_expanded(side, bound) for side in sides)
    values = [resolved(side, body) or side for side in sides]
    calls = top_calls(values[0]) | top_calls(values[1])
    if calls and actual == expected:
        return f"both sides call {min(calls)}() with the same arguments"
    for side, other in ((values[0], values[1]), (values[1], values[0])):
        if top_calls(side) & top_calls(other) & subject.functions:
            continue  # the same function on other inputs is a property: f(2x) == 2 * f(x)
        why = _repeats_formula(side, other, bound, subject, helpers or {})
        if why:
            return why
    return _repeats_ingredients(values, subject) or _recomputed(values, subject) or \
        _delegated(values, subject)


def _delegated(values: list[Node], subject: Subject) -> str | None:
    """The expected value computed with another function of the module that the checked
    function itself calls, on inputs the test also hands the checked one
    (`uniqueSlug(title, new Set())` against `slugify(title)`, where uniqueSlug starts from
    `slugify(title)`): the code's own step, not an independent value."""
    for built, checked in ((values[1], values[0]), (values[0], values[1])):
        # the outermost call of the module is the one checked; one inside its arguments
        # only builds its input (`uniqueSlug(t, new Set([slugify(t)]))`)
        outer = next((n for n in walk(checked) if n.type == "call_expression"
                      and call_name(n) in subject.functions), None)
        if outer is None or call_name(outer) in made_calls(built):
            continue
        checked_name = call_name(outer)
        # an argument in common: the object both methods are called on is the state they
        # share (`repo.find(e)` against `repo.add(e2)` is a round trip, not one step twice)
        inputs = _subject_inputs(outer, {checked_name}, receivers=False)
        for call in walk(built):
            if call.type != "call_expression":
                continue
            step = call_name(call)
            if step in subject.functions and \
                    step in subject.calls_of.get(checked_name, frozenset()) and \
                    _subject_inputs(call, {step}, receivers=False) & inputs:
                return (f"expected value is computed with {step}(), the step "
                        f"{checked_name}() itself takes, on the same inputs")
    return None


def operators_of(node: Node) -> set[str]:
    """The binary operators `node` computes with."""
    return {text(n.child_by_field_name("operator")).rstrip("=") for n in walk(node)
            if n.type in ("binary_expression", "augmented_assignment_expression")}


def _recomputed(values: list[Node], subject: Subject) -> str | None:
    """The expected value computed from nothing but the inputs the other side hands one of
    the subject's functions (and the module's own constants), with operators that function
    uses: `add(a, b)` against `a + b`, `toKelvin(c)` against `c - ABSOLUTE_ZERO_C`."""
    for built, checked in ((values[1], values[0]), (values[0], values[1])):
        used = operators_of(built)
        if not used or any(n.type in ("call_expression", "new_expression") for n in walk(built)):
            continue
        leaves = [n for n in walk(built) if n.type in ("identifier", "member_expression",
                                                        "subscript_expression")
                  and (n.parent is None or n.parent.type not in ("member_expression",
                                                                 "subscript_expression"))]
        for call in walk(checked):
            name = call_name(call) if call.type == "call_expression" else ""
            if name not in subject.operators:
                continue
            inputs = {text(n) for arg in args_of(call) for n in walk(arg)}
            borrowed = any(leaf.type == "identifier" and text(leaf) in subject.constants
                           for leaf in leaves)
            own = any(text(leaf) in inputs for leaf in leaves) or (
                # with the module's constant, a literal input written again is the input too
                borrowed and any(n.type == "number" and text(n) not in TRIVIAL and
                                 text(n) in inputs for n in walk(built)))
            if own and all(text(leaf) in inputs or (leaf.type == "identifier" and
                                                    text(leaf) in subject.constants)
                           for leaf in leaves) and used <= subject.operators[name]:
                return f"expected value recomputes {name}() from its own inputs with its own operators"
    return None


def _repeats_formula(side: Node, other: Node, bound: dict[str, Node], subject: Subject,
                     helpers: dict[str, Node]) -> str | None:
    """`side` has the shape of one of the subject's return formulas (as written, with the
    test's names filled in, or inside a helper of the test file the side calls), or holds a
    piece of one (two operators or more) computed from the other side's inputs."""
    own = top_calls(side) & subject.functions
    if own and not top_calls(other) & subject.functions:
        return None
    candidates = [(side, bound)]
    function = unwrap(callee(side)) if side.type == "call_expression" else None
    if function is not None and function.type == "identifier" and call_name(side) in helpers:
        helper = helpers[call_name(side)]
        inner = bindings(helper) if helper.type == "statement_block" else {}
        candidates += [(value, inner) for value in returned_values(helper)]
    for value, names in candidates:
        if is_formula(value) and ({js_shape(value), js_shape(value, names)} - {"_"}) & \
                set(subject.returns):
            return "expected value repeats the implementation's formula"
    inputs = _subject_inputs(other, subject.functions)
    if operators(side, bound) >= 2 and top_calls(other) & subject.functions and inputs & {
            text(n) for n in walk(side)} and set(formula_parts(side, bound)) & set(subject.parts):
        return "expected value repeats a piece of the implementation's formula"
    return None


def top_calls(node: Node) -> set[str]:
    return {call_name(n) for n in walk(node) if n.type == "call_expression"} - {""} - \
        DATA_BUILDERS


def is_formula(node: Node) -> bool:
    return any(n.type in ("binary_expression",) for n in walk(node))


Inline = dict[str, tuple[list[str], Node]]
"""A module's one-expression helpers (`const roundCents = (n) => Math.round(n)`): name →
(parameters, the expression)."""


def one_expression_helpers(root: Node) -> Inline:
    """The module's top-level functions that return one expression: read inline, a formula
    written through one (`roundCents(x * rate)`) is the formula it computes."""
    found: Inline = {}
    for node in walk(root):
        if node.parent is not None and node.parent.type not in (
                "program", "lexical_declaration", "variable_declaration", "export_statement"):
            continue
        name, body = function_of(node)
        if not name or body is None:
            continue
        returned = returned_values(body)
        function = body.parent
        params = function.child_by_field_name("parameters") if function is not None else None
        single = function.child_by_field_name("parameter") if function is not None else None
        names = [text(single)] if single is not None else [
            text(p.child_by_field_name("pattern") or p) for p in (params.named_children
                                                                  if params else [])]
        if len(returned) == 1 and all(n.isidentifier() for n in names):
            found[name] = (names, returned[0])
    return found


def js_shape(node: Node, bound: dict[str, Node] | None = None, depth: int = 0,
             inline: Inline | None = None) -> str:
    """Structure of an expression with every leaf (name, literal, member) made alike; calls
    keep their function's name, operators are kept; a name in `bound` is read as its value."""
    node = unwrap(node) or node
    if bound and node.type == "identifier" and text(node) in bound and depth < 4:
        name = text(node)
        return js_shape(bound[name], {k: v for k, v in bound.items() if k != name}, depth + 1,
                        inline)

    def inner(child: Node | None) -> str:
        return js_shape(child, bound, depth, inline) if child is not None else "_"

    function = unwrap(callee(node)) if node.type == "call_expression" else None
    if inline and function is not None and function.type == "identifier" and \
            text(function) in inline and depth < 4:
        params, expression = inline[text(function)]
        given = dict(zip(params, args_of(node), strict=False))
        return js_shape(expression, {**(bound or {}), **given}, depth + 1, None)
    if node.type == "call_expression":
        return f"call:{call_name(node)}(" + ",".join(inner(a) for a in args_of(node)) + ")"
    if node.type == "binary_expression":
        left, right = node.child_by_field_name("left"), node.child_by_field_name("right")
        operator = text(node.child_by_field_name("operator"))
        return f"({inner(left)}{operator}{inner(right)})"
    if node.type == "unary_expression":
        argument = node.child_by_field_name("argument")
        return f"{text(node.child_by_field_name('operator'))}{inner(argument)}"
    if node.type == "ternary_expression":
        return "?(" + ",".join(inner(c) for c in node.named_children) + ")"
    return "_"


VALUE_CALLS = frozenset({"Number", "String", "parseFloat", "parseInt", "BigInt", "abs"})
"""Calls that only make or read a value: a step's leaf, like a name."""


def step_shape(node: Node | None) -> str:
    """`js_shape`, looser: a call without arguments (`this.subtotal()`, a getter) and a value
    conversion (`Number(x)`) are leaves like the names a test would use in their place."""
    node = unwrap(node)
    if node is None:
        return "_"
    if node.type == "call_expression":
        args = args_of(node)
        if not args or call_name(node) in VALUE_CALLS:
            return "_"
        return f"call:{call_name(node)}(" + ",".join(step_shape(a) for a in args) + ")"
    if node.type == "binary_expression":
        return (f"({step_shape(node.child_by_field_name('left'))}"
                f"{text(node.child_by_field_name('operator'))}"
                f"{step_shape(node.child_by_field_name('right'))})")
    if node.type == "unary_expression":
        return f"{text(node.child_by_field_name('operator'))}" + \
            step_shape(node.child_by_field_name("argument"))
    if node.type == "arrow_function":
        body = node.child_by_field_name("body")
        return "fn(" + (step_shape(body) if body is not None and
                        body.type != "statement_block" else "{}") + ")"
    if node.type == "ternary_expression":
        return "?(" + ",".join(step_shape(c) for c in node.named_children) + ")"
    return "_"


def step_operations(step: str) -> int:
    """The operations in a `step_shape`: each binary operator and each computing call opens
    a parenthesis; a ternary (`?(`) and an arrow function (`fn(`) compute nothing."""
    return step.count("(") - step.count("?(") - step.count("fn(")


def steps_of(scope: Node) -> set[str]:
    """The computing steps of a function or a test as written, statement by statement (each
    value declared, assigned or returned, and its pieces): two operators or more, or an
    operator wrapped in a call that finishes it (`Math.round(a * b)`)."""
    found: set[str] = set()
    for node in walk(scope):
        value = node.child_by_field_name("value") if node.type == "variable_declarator" else \
            node.child_by_field_name("right") if node.type in (
                "assignment_expression", "augmented_assignment_expression") else \
            (node.named_children[0] if node.named_children else None) \
            if node.type == "return_statement" else \
            node.child_by_field_name("body") if node.type == "arrow_function" else None
        if value is not None:
            found |= expression_steps(value)
    return found


def expression_steps(value: Node) -> set[str]:
    """The computing steps inside one expression (see `steps_of`)."""
    found = set()
    for piece in walk(value):
        if piece.type not in ("binary_expression", "call_expression"):
            continue
        count = sum(n.type == "binary_expression" for n in walk(piece))
        if count >= 2 or (piece.type == "call_expression" and count >= 1 and
                          args_of(piece) and call_name(piece) not in VALUE_CALLS):
            found.add(step_shape(piece))
    return found - {"_"}


def rebuilt(assertion: Node, body: Node, subject: Subject,
            helpers: dict[str, Node]) -> str | None:
    """An equality whose one side runs the code under test and whose other side the test
    (or a helper of its file it calls) builds in the code's own computing steps: two of
    them, or one of `STEP_OPERATIONS` operations or more (`rebuilds`)."""
    sides = compared(assertion)
    if sides is None:
        return None
    for checked, side in (sides, sides[::-1]):
        built = unwrap(side)
        value = resolved(checked, body)
        if value is not None and not top_calls(value) & subject.functions:
            value = _result_of(value, body) or value  # `result.totalPages`: a field of it
        if built is None or value is None or not top_calls(value) & subject.functions or \
                top_calls(resolved(built, body) or built) & top_calls(value) & \
                subject.functions:
            continue  # the same function on other inputs is a property, not a rebuild
        scopes = [helpers[name] for name in top_calls(resolved(built, body) or built)
                  if name in helpers]
        if built.type == "identifier":
            scopes += _feeding(text(built), body)
        found = set().union(*(steps_of(scope) for scope in scopes)) & subject.steps \
            if scopes else set()
        if rebuilds(found, step_operations):
            return "expected value rebuilds the implementation's computing steps"
        if expression_steps(built) & subject.steps and _reads_an_input(built, body):
            return "expected value repeats a computing step of the implementation on the input"
        computed = resolved(built, body) or built
        used = operators_of(computed)
        if used and sum(n.type == "binary_expression" for n in walk(computed)) >= 2 and \
                not top_calls(computed) & top_calls(value) & subject.functions and \
                _reads_an_input(computed, body) and any(
                    used <= subject.operators.get(name, frozenset())
                    for name in top_calls(value) & subject.functions):
            return "expected value recomputes the checked code's arithmetic on the test's input"
    return None


def _result_of(node: Node, body: Node) -> Node | None:
    """What the object a field is read from was bound to: `result.totalPages[0]` with
    `const result = paginate(...)` → `paginate(...)`, the call that computed the field."""
    root = unwrap(node)
    while root is not None and root.type in ("member_expression", "subscript_expression"):
        root = unwrap(root.child_by_field_name("object"))
    if root is None or root is unwrap(node) or root.type != "identifier":
        return None
    found = resolved(root, body)
    return found if found is not root else None


def _reads_an_input(built: Node, body: Node) -> bool:
    """`built` reads a name the test declared and also used to set up the code under test
    (`const kelvin = 280` in the payload, then `Math.round((kelvin - 273.15) * 10) / 10`)."""
    declared = {text(n.child_by_field_name("name")) for n in walk(body)
                if n.type == "variable_declarator"}
    read = {text(n) for n in walk(built) if n.type == "identifier" and text(n) in declared}
    uses = [text(n) for n in walk(body) if n.type in (
        "identifier", "shorthand_property_identifier") and text(n) in read and not (
        n.parent is not None and n.parent.type == "variable_declarator" and
        n.parent.child_by_field_name("name") == n)]
    return any(uses.count(name) >= 2 for name in read)  # read here and somewhere else


def _feeding(name: str, body: Node) -> list[Node]:
    """The test's declarations the value of `name` is computed through."""
    wanted, found = {name}, []
    declarations = [n for n in walk(body) if n.type == "variable_declarator"]
    for node in reversed(declarations):
        target = node.child_by_field_name("name")
        value = node.child_by_field_name("value")
        if target is not None and value is not None and text(target) in wanted:
            found.append(node)
            wanted |= {text(n) for n in walk(value) if n.type == "identifier"}
    return found

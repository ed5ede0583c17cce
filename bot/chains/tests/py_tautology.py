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
import functools
from collections.abc import Callable, Collection
from typing import cast

from bot.chains.tests.nesting import affordable

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


REFLEXIVE_OPS = (ast.Eq, ast.Is, ast.GtE, ast.LtE)
REFLEXIVE_METHODS = frozenset({"assertGreaterEqual", "assertLessEqual"})


def reflexive(assertion: ast.AST) -> ast.expr | None:
    """The value an assertion compares with itself under a relation every value has with
    itself (`x >= x`, `x <= x`, `self.assertGreaterEqual(x, x)`, `self.assertTrue(x == x)`),
    else None. Sides that call something may differ between calls (`clock.now() <=
    clock.now()` checks a clock), so only plain values and pure builtins (`len`) count."""
    checked: ast.expr | None = None
    if isinstance(assertion, ast.Assert):
        checked = assertion.test
    elif isinstance(assertion, ast.Call) and isinstance(assertion.func, ast.Attribute):
        method = assertion.func.attr
        if method in REFLEXIVE_METHODS and len(assertion.args) >= 2:
            left, right = assertion.args[:2]
            return left if _same_value(left, right) else None
        if method == "assertTrue" and assertion.args:
            checked = assertion.args[0]
    if isinstance(checked, ast.Compare) and len(checked.ops) == 1 and \
            isinstance(checked.ops[0], REFLEXIVE_OPS) and \
            _same_value(checked.left, checked.comparators[0]):
        return checked.left
    return None


def holds_for_any_value(assertion: ast.AST) -> str | None:
    """Why a check holds whatever value the code gives, or None: a length is never negative
    (`assert len(xs) >= 0`, `self.assertGreaterEqual(len(xs), 0)`), and `or True` makes any
    check true (`assert total(xs) == 3 or True`)."""
    checked: ast.expr | None = None
    if isinstance(assertion, ast.Assert):
        checked = assertion.test
    elif isinstance(assertion, ast.Call) and isinstance(assertion.func, ast.Attribute):
        method, args = assertion.func.attr, assertion.args
        if method == "assertTrue" and args:
            checked = args[0]
        elif method in ("assertGreaterEqual", "assertLessEqual") and len(args) >= 2:
            low, high = args[:2] if method == "assertGreaterEqual" else args[1::-1]
            if _length(low) and _is_zero(high):
                return "a length is never negative"
        elif method == "assertIsInstance" and len(args) >= 2:
            return _own_type(args[0], args[1])
    if isinstance(checked, ast.BoolOp) and isinstance(checked.op, ast.Or) and any(
            isinstance(value, ast.Constant) and value.value for value in checked.values):
        return "`or` a true constant holds whatever the code does"
    if isinstance(checked, ast.BoolOp) and isinstance(checked.op, ast.Or) and \
            _either_way(checked.values):
        return "a check `or` its opposite holds whatever the code does"
    if isinstance(checked, ast.Call) and isinstance(checked.func, ast.Name) and \
            checked.func.id == "isinstance" and len(checked.args) == 2:
        return _own_type(checked.args[0], checked.args[1])
    if isinstance(checked, ast.Compare) and len(checked.ops) == 1:
        left, op, right = checked.left, checked.ops[0], checked.comparators[0]
        if (isinstance(op, ast.GtE) and _length(left) and _is_zero(right)) or \
                (isinstance(op, ast.LtE) and _is_zero(left) and _length(right)):
            return "a length is never negative"
    return None


BUILT_TYPES = {"str": (ast.JoinedStr,), "list": (ast.List, ast.ListComp),
               "dict": (ast.Dict, ast.DictComp), "set": (ast.Set, ast.SetComp),
               "tuple": (ast.Tuple,), "int": (), "float": (), "bool": (), "frozenset": ()}
"""Builtin types and the literals that make one: `isinstance(str(x), str)`,
`isinstance([f(x)], list)` hold whatever `x` is."""


def _own_type(value: ast.expr, kind: ast.expr) -> str | None:
    """Why `isinstance(value, kind)` holds for any value the code gives, or None: every value
    is an `object`, and a value built as a builtin type (its converter or its literal) is of
    that type."""
    name = kind.id if isinstance(kind, ast.Name) else ""
    if name == "object":
        return "every value is an object"
    if name in BUILT_TYPES and (
            (isinstance(value, ast.Call) and isinstance(value.func, ast.Name) and
             value.func.id == name) or isinstance(value, BUILT_TYPES[name])):
        return f"a value built as {name} is a {name}"
    return None


OPPOSITES = ((ast.Eq, ast.NotEq), (ast.Is, ast.IsNot), (ast.In, ast.NotIn), (ast.Lt, ast.GtE),
             (ast.Gt, ast.LtE))


def _either_way(values: list[ast.expr]) -> bool:
    """`p or not p`, `a == b or a != b`: one of the two always holds."""
    dumps = {ast.dump(v) for v in values}
    for value in values:
        if isinstance(value, ast.UnaryOp) and isinstance(value.op, ast.Not) and \
                ast.dump(value.operand) in dumps:
            return True
        if isinstance(value, ast.Compare) and len(value.ops) == 1:
            for one, other in OPPOSITES:
                for first, second in ((one, other), (other, one)):
                    if isinstance(value.ops[0], first) and ast.dump(ast.Compare(
                            left=value.left, ops=[second()],
                            comparators=value.comparators)) in dumps:
                        return True
    return False


def _length(node: ast.expr) -> bool:
    return isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and \
        node.func.id == "len"


def _is_zero(node: ast.expr) -> bool:
    return isinstance(node, ast.Constant) and node.value == 0 and \
        not isinstance(node.value, bool)


PURE_CALLS = frozenset({"len", "sorted", "list", "tuple", "set", "frozenset", "str", "int",
                        "float", "abs", "round", "sum", "min", "max", "repr", "bool"})
"""Builtins that give the same value for the same argument: `len(x) <= len(x)` holds."""


def _same_value(left: ast.expr, right: ast.expr) -> bool:
    return ast.dump(left) == ast.dump(right) and not any(
        isinstance(n, (ast.Await, ast.Yield, ast.NamedExpr)) or (
            isinstance(n, ast.Call) and not (isinstance(n.func, ast.Name) and
                                             n.func.id in PURE_CALLS))
        for n in ast.walk(left))


def assignments(test: ast.AST) -> dict[str, ast.expr]:
    """Names the test binds once with a plain `name = value` (the last binding wins); read
    once per test (`_bindings`), every assertion gets its own copy to fill in."""
    return dict(_bindings(test))


@functools.lru_cache(maxsize=64)
def _bindings(test: ast.AST) -> dict[str, ast.expr]:
    bound: dict[str, ast.expr] = {}
    for node in ast.walk(test):
        if isinstance(node, ast.Assign) and len(node.targets) == 1 and \
                isinstance(node.targets[0], ast.Name):
            bound[node.targets[0].id] = node.value
    return affordable(bound, _size, lambda value: (n.id for n in ast.walk(value)
                                                   if isinstance(n, ast.Name)))


def _size(node: ast.AST) -> int:
    return sum(1 for _ in ast.walk(node))


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
              functions: Collection[str], ingredients: Collection[str] = (),
              parts: Collection[str] = (),
              helpers: dict[str, ast.FunctionDef] | None = None) -> str | None:
    """Why the assertion cannot fail (its expected value is derived from the subject's own
    logic), or None. Three forms: both sides make the same call on the same inputs (copies of
    an input count as the input: `f(list(xs))` is `f(xs)`); a side repeats the shape of one of
    the subject's formulas (a whole return, or a piece of two operators or more computed from
    the other side's inputs); or a side that does not call the subject is computed from the
    other side's inputs with the calls the subject itself makes (`ingredients`). The test
    file's own helpers (`helpers`) are read inline: a formula hidden in one is still there."""
    if constant_assertion(assertion):
        return "it asserts a constant: nothing the test runs can change it"
    same = reflexive(assertion)
    if same is not None:
        return f"it compares {ast.unparse(same)[:40]} with itself"
    always = holds_for_any_value(assertion)
    if always:
        return always
    sides = compared(assertion)
    if sides is None:
        return None
    if ast.dump(sides[0]) == ast.dump(sides[1]):
        return f"it compares {ast.unparse(sides[0])[:40]} with itself"
    bound = assignments(test)
    actual, expected = (uncopied(inlined(resolved(side, bound), helpers or {}))
                        for side in sides)
    calls = _calls(actual) | _calls(expected)
    if calls and ast.dump(actual) == ast.dump(expected):
        return f"both sides call {min(calls)}() with the same arguments"
    wanted = set(functions)
    for side, other in ((actual, expected), (expected, actual)):
        if not is_formula(side) or _calls(side) & _calls(other) & wanted:
            continue  # the same function on other inputs is a property: f(2x) == 2 * f(x)
        if shape(side) in returns and (not _calls(side) & wanted or _calls(other) & wanted):
            return "expected value repeats the implementation's formula"
        if operators(side) >= 2 and _calls(other) & wanted and \
                _inputs(other, wanted) & _leaves(side) and \
                {shape(piece) for piece in formula_pieces(side)} & set(parts):
            return "expected value repeats a piece of the implementation's formula"
    for built, checked in ((expected, actual), (actual, expected)):
        built = _state_read(built, checked, wanted) or built
        repeated = _calls(built) & set(ingredients) - wanted
        if not repeated or _calls(built) & wanted or not _calls(checked) & wanted:
            continue
        # the ingredient is applied to the subject's inputs; a literal of another field
        # written out beside it (`created=datetime(2024, 5, 1)`) is no computation of them
        applied = {leaf for call in ast.walk(built) if isinstance(call, ast.Call) and
                   _name(call) in repeated for leaf in _leaves(call)}
        if _inputs(checked, wanted) & applied:
            return (f"expected value is computed with the implementation's own "
                    f"{min(repeated)}() from the same inputs")
    return None


def _state_read(side: ast.expr, other: ast.expr, wanted: Collection[str]) -> ast.expr | None:
    """`side` with the checked object's accessors read as its state: in `sum(a for a, _ in
    ledger.history())` against `ledger.balance()`, `ledger.history()` only reads what the
    ledger holds, as `ledger.entries` would. None when `side` calls no such accessor."""
    owners = {call.func.value.id for call in ast.walk(other)
              if isinstance(call, ast.Call) and isinstance(call.func, ast.Attribute)
              and call.func.attr in wanted and isinstance(call.func.value, ast.Name)}
    if not owners:
        return None

    class State(ast.NodeTransformer):
        found = False

        def visit_Call(self, inner: ast.Call) -> ast.AST:
            func = inner.func
            if isinstance(func, ast.Attribute) and isinstance(func.value, ast.Name) and \
                    func.value.id in owners and func.attr in wanted and \
                    not inner.args and not inner.keywords:
                self.found = True
                return ast.Attribute(value=func.value, attr=func.attr, ctx=ast.Load())
            return self.generic_visit(inner)

    reader = State()
    read = cast(ast.expr, reader.visit(copy.deepcopy(side)))
    return read if reader.found else None


def operators_of(node: ast.AST) -> set[str]:
    """The arithmetic and boolean operators `node` computes with."""
    return {type(n.op).__name__ for n in ast.walk(node)
            if isinstance(n, (ast.BinOp, ast.BoolOp, ast.AugAssign))}


def recomputed(assertion: ast.AST, test: ast.AST,
               operators: dict[str, frozenset[str]],
               constants: Collection[str] = ()) -> str | None:
    """The expected value computed from nothing but the inputs the other side hands one of
    the subject's functions (and the module's own constants), with operators that function
    itself uses: `add(a, b) == a + b`, `area(w, h) == w * h`, `to_kelvin(c) == c -
    ABSOLUTE_ZERO_C` repeat the computation instead of knowing its result."""
    sides = compared(assertion)
    if sides is None or not operators:
        return None
    bound = assignments(test)
    actual, expected = (resolved(side, bound) for side in sides)
    for built, checked in ((expected, actual), (actual, expected)):
        used = operators_of(built)
        if not used or _calls(built):
            continue
        for call in ast.walk(checked):
            if not isinstance(call, ast.Call) or _name(call) not in operators:
                continue
            inputs = {ast.dump(n) for a in [*call.args, *(k.value for k in call.keywords)]
                      for n in ast.walk(a)}
            leaves = [n for n in ast.walk(built) if isinstance(n, (ast.Name, ast.Attribute,
                                                                    ast.Subscript))
                      and not any(n is inner for parent in ast.walk(built)
                                  if isinstance(parent, (ast.Attribute, ast.Subscript))
                                  for inner in ast.iter_child_nodes(parent))]
            borrowed = any(isinstance(leaf, ast.Name) and leaf.id in constants
                           for leaf in leaves)
            own = any(ast.dump(leaf) in inputs for leaf in leaves) or (
                # with the module's constant, a literal input filled in is the input too
                borrowed and any(isinstance(n, ast.Constant) and n.value not in TRIVIAL
                                 and ast.dump(n) in inputs for n in ast.walk(built)))
            if own and all(ast.dump(leaf) in inputs or (isinstance(leaf, ast.Name) and
                                                        leaf.id in constants)
                           for leaf in leaves) and used <= operators[_name(call)]:
                return (f"expected value recomputes {_name(call)}() from its own inputs with "
                        f"its own operators")
    return None


def delegated(assertion: ast.AST, test: ast.AST, functions: Collection[str],
              calls_of: dict[str, frozenset[str]]) -> str | None:
    """The expected value computed with another function of the module that the checked
    function itself calls, on inputs the test also hands the checked one
    (`unique_slug(title, set()) == slugify(title)` where `unique_slug` starts from
    `slugify(title)`): the code's own step, not an independent value."""
    sides = compared(assertion)
    if sides is None:
        return None
    bound = assignments(test)
    actual, expected = (resolved(side, bound) for side in sides)
    for built, checked in ((expected, actual), (actual, expected)):
        # the outermost call of the module is the one checked (`unique_slug(t, {slugify(t)})`
        # checks unique_slug; slugify there only builds its input)
        checked_calls = {next((_name(n) for n in ast.walk(checked) if isinstance(n, ast.Call)
                               and _name(n) in functions), "")} - {""}
        if not checked_calls or _calls(built) & checked_calls:
            continue
        # an argument in common: the object both methods are called on is the state they
        # share (`repo.find(e) == repo.add(e2)` is a round trip, not the same step twice)
        inputs = _inputs(checked, checked_calls, receivers=False)
        for call in ast.walk(built):
            step = _name(call) if isinstance(call, ast.Call) else ""
            if step in functions and any(step in calls_of.get(f, ()) for f in checked_calls) \
                    and _inputs(call, {step}, receivers=False) & inputs:
                return (f"expected value is computed with {step}(), the step "
                        f"{min(checked_calls)}() itself takes, on the same inputs")
    return None


ONE_VALUE = frozenset({"assertTrue", "assertFalse", "assertIsNone", "assertIsNotNone"})
TWO_VALUES = EQUALITY_METHODS | {"assertNotEqual", "assertIn", "assertNotIn", "assertGreater",
                                 "assertGreaterEqual", "assertLess", "assertLessEqual"}


def constant_assertion(assertion: ast.AST) -> bool:
    """`assert 2 + 2 == 4`, `self.assertEqual(1, 1)`: what is checked holds no name and no
    call, so it holds whatever the code does."""
    func = assertion.func if isinstance(assertion, ast.Call) else None
    if isinstance(assertion, ast.Assert):
        checked: list[ast.expr] = [assertion.test]
    elif isinstance(func, ast.Attribute) and isinstance(func.value, ast.Name) and \
            func.value.id in ("self", "cls") and isinstance(assertion, ast.Call) and \
            func.attr in ONE_VALUE | TWO_VALUES and \
            len(assertion.args) >= (1 if func.attr in ONE_VALUE else 2):
        checked = list(assertion.args[:1 if func.attr in ONE_VALUE else 2])
    else:
        return False
    if any(isinstance(n, (ast.Name, ast.Attribute, ast.Call, ast.Subscript, ast.Starred,
                          ast.Lambda, ast.NamedExpr, ast.Await, ast.Yield))
           for part in checked for n in ast.walk(part)):
        return False
    # a lone constant is a marker (`assert True` after a call that raises on failure), or a
    # deliberate failure (`assert False`): only a comparison of constants can never fail
    return not (len(checked) == 1 and isinstance(checked[0], ast.Constant))


PASSES_ON: dict[str, Callable[[object], bool]] = {
    "assertTrue": bool, "assertFalse": lambda value: not value,
    "assertIsNone": lambda value: value is None,
    "assertIsNotNone": lambda value: value is not None}
"""unittest's one-value checks: whether each passes on a given constant."""


def true_by_construction(assertion: ast.AST) -> bool:
    """`assert True`, `assert 1`, `self.assertTrue(True)`, `self.assertIsNone(None)`: one
    constant that passes its check. Beside real checks it marks a point the test reached; as a
    test's only check it checks nothing the code does (a deliberate `assert False` fails)."""
    if isinstance(assertion, ast.Assert):
        return isinstance(assertion.test, ast.Constant) and bool(assertion.test.value)
    func = assertion.func if isinstance(assertion, ast.Call) else None
    if not (isinstance(assertion, ast.Call) and isinstance(func, ast.Attribute) and
            isinstance(func.value, ast.Name) and func.value.id in ("self", "cls") and
            func.attr in PASSES_ON and assertion.args):
        return False
    value = assertion.args[0]
    return isinstance(value, ast.Constant) and bool(PASSES_ON[func.attr](value.value))


COPIES = frozenset({"list", "tuple", "copy", "deepcopy", "dict", "set", "frozenset"})
"""Calls that only copy their argument: the copy is the same input."""
TRIVIAL = (None, True, False, 0, 1, -1, "", 0.0)


def uncopied(node: ast.expr) -> ast.expr:
    """`node` with copies of a value (`list(xs)`, `copy.deepcopy(xs)`, `xs.copy()`, `xs[:]`,
    `json.loads(json.dumps(xs))`) replaced by the value."""

    class Uncopy(ast.NodeTransformer):
        def visit_Call(self, inner: ast.Call) -> ast.AST:
            self.generic_visit(inner)
            if _name(inner) in COPIES and len(inner.args) == 1 and not inner.keywords \
                    and not isinstance(inner.args[0], ast.Starred) and \
                    (not isinstance(inner.func, ast.Attribute) or _name(inner) != "copy"):
                return inner.args[0]
            if isinstance(inner.func, ast.Attribute) and inner.func.attr == "copy" and \
                    not inner.args and not inner.keywords:
                return inner.func.value
            if _name(inner) == "loads" and len(inner.args) == 1 and \
                    isinstance(inner.args[0], ast.Call) and _name(inner.args[0]) == "dumps" \
                    and len(inner.args[0].args) == 1:
                return inner.args[0].args[0]  # `json.loads(json.dumps(xs))`: a deep copy
            return inner

        def visit_Subscript(self, inner: ast.Subscript) -> ast.AST:
            self.generic_visit(inner)
            part = inner.slice
            if isinstance(part, ast.Slice) and part.lower is None and part.upper is None \
                    and part.step is None:
                return inner.value
            return inner

    return cast(ast.expr, Uncopy().visit(copy.deepcopy(node)))


def _inputs(node: ast.AST, functions: Collection[str], receivers: bool = True) -> set[str]:
    """The arguments given to the subject's functions in `node`, each as its dump (a trivial
    constant is no input worth matching), and the object a method of the subject is called
    on (`cache` in `cache.hit_rate()`): an expectation computed from its state
    (`cache.hits / (cache.hits + cache.misses)`) is computed from the same inputs."""
    found: set[str] = set()
    for call in ast.walk(node):
        if receivers and isinstance(call, ast.Call) and _name(call) in functions and \
                isinstance(call.func, ast.Attribute):
            found.add(ast.dump(call.func.value))  # `cache`, or `Lru()` once names are filled
        if isinstance(call, ast.Call) and _name(call) in functions:
            for arg in [*call.args, *(k.value for k in call.keywords)]:
                if isinstance(arg, ast.Constant) and arg.value in TRIVIAL:
                    continue
                found.add(ast.dump(arg))
    return found


def _leaves(node: ast.AST) -> set[str]:
    """Every sub-expression of `node`, each as its dump."""
    return {ast.dump(inner) for inner in ast.walk(node) if isinstance(inner, ast.expr)}


def called_names(node: ast.AST) -> set[str]:
    """What `node` calls, but plain data builders (see `_calls`)."""
    return _calls(node)


def _name(call: ast.Call) -> str:
    func = call.func
    return func.attr if isinstance(func, ast.Attribute) else \
        func.id if isinstance(func, ast.Name) else ""


def _calls(node: ast.AST) -> set[str]:
    return {_name(n) for n in ast.walk(node) if isinstance(n, ast.Call)} - {""} - DATA_BUILDERS


def operators(node: ast.AST) -> int:
    return sum(isinstance(n, (ast.BinOp, ast.BoolOp)) for n in ast.walk(node))


def formula_pieces(node: ast.AST) -> list[ast.expr]:
    """The sub-expressions of `node` with two operators or more (itself included)."""
    return [inner for inner in ast.walk(node) if isinstance(inner, ast.expr)
            and isinstance(inner, (ast.BinOp, ast.BoolOp, ast.Call)) and operators(inner) >= 2]


def function_formulas(function: ast.FunctionDef | ast.AsyncFunctionDef
                      ) -> tuple[list[ast.expr], list[ast.expr]]:
    """(what `function` returns, with its own local names filled in, the pieces of those
    returns): `payment = p * r; return round(payment, 2)` returns `round(p * r, 2)`."""
    bound = assignments(function)
    returned = [resolved(node.value, bound) for node in ast.walk(function)
                if isinstance(node, ast.Return) and node.value is not None]
    return returned, [piece for value in returned for piece in formula_pieces(value)]


def inlined(node: ast.expr, helpers: dict[str, ast.FunctionDef]) -> ast.expr:
    """`node` with each call to one of the test file's own one-return helpers replaced by what
    the helper returns, its parameters filled with the call's arguments."""
    if not helpers:
        return node

    class Inline(ast.NodeTransformer):
        def visit_Call(self, inner: ast.Call) -> ast.AST:
            self.generic_visit(inner)
            helper = helpers.get(_name(inner)) if isinstance(inner.func, ast.Name) else None
            returns = [n for n in ast.walk(helper) if isinstance(n, ast.Return)
                       and n.value is not None] if helper is not None else []
            if helper is None or len(returns) != 1 or \
                    any(isinstance(a, ast.Starred) for a in inner.args):
                return inner
            bound = assignments(helper)
            params = [a.arg for a in helper.args.args]
            bound.update(zip(params, inner.args))
            bound.update((k.arg, k.value) for k in inner.keywords if k.arg)
            return resolved(returns[0].value, bound)  # type: ignore[arg-type]

    return cast(ast.expr, Inline().visit(copy.deepcopy(node)))


def is_formula(node: ast.AST) -> bool:
    return any(isinstance(n, (ast.BinOp, ast.BoolOp)) for n in ast.walk(node))


def shape(node: ast.AST, loose: bool = False) -> str:
    """Structure of an expression with every leaf (name, literal, container) made alike;
    calls keep their function's name. `loose`: a call without arguments (`self.subtotal()`,
    a getter) and a value conversion (`Decimal(p)`) are leaves too, like the names a test
    would use in their place."""

    class Leaves(ast.NodeTransformer):
        def generic_visit(self, inner: ast.AST) -> ast.AST:
            if isinstance(inner, (ast.Name, ast.Constant, ast.List, ast.Tuple, ast.Set,
                                  ast.Dict, ast.Subscript, ast.Attribute)):
                return ast.Name(id="_", ctx=ast.Load())
            return super().generic_visit(inner)

        def visit_Call(self, inner: ast.Call) -> ast.AST:  # keep the function's name only
            if loose and (not inner.args and not inner.keywords or
                          _name(inner) in VALUE_CALLS):
                return ast.Name(id="_", ctx=ast.Load())
            inner.func = ast.Name(id=_name(inner) or "_", ctx=ast.Load())
            inner.args = [self.visit(a) for a in inner.args]
            inner.keywords = []
            return inner

    return ast.dump(Leaves().visit(copy.deepcopy(node)), annotate_fields=False)


VALUE_CALLS = frozenset({"Decimal", "float", "int", "str", "Fraction", "abs", "len"})
"""Calls that only make or read a value: a step's leaf, like a name."""


def steps_of(function: ast.AST) -> set[str]:
    """The computing steps of a function as written, statement by statement (each value
    assigned or returned, and its pieces): two operators or more, or an operator wrapped in
    a call that finishes it (`(a * b).quantize(CENT)`, `round(a * b, 2)`)."""
    found: set[str] = set()
    for node in ast.walk(function):
        if isinstance(node, (ast.Assign, ast.AnnAssign, ast.Return, ast.AugAssign)) and \
                node.value is not None:
            found |= expression_steps(node.value)
    return found


def expression_steps(value: ast.AST) -> set[str]:
    """The computing steps inside one expression (see `steps_of`)."""
    return {shape(piece, loose=True) for piece in ast.walk(value)
            if isinstance(piece, (ast.BinOp, ast.Call)) and (operators(piece) >= 2 or (
                isinstance(piece, ast.Call) and operators(piece) >= 1 and
                bool(piece.args or piece.keywords) and _name(piece) not in VALUE_CALLS))}


STEP_OPERATIONS = 3
"""One repeated computing step of this many operations (binary operators and calls that
compute, in either language) rebuilds the implementation on its own."""


def rebuilds(found: Collection[str], operations: Callable[[str], int]) -> bool:
    """Whether the subject's computing steps a test repeats (`found`, shapes) rebuild it: two
    of them, or one of `STEP_OPERATIONS` operations or more (`round(sum(p * q ...), 2)`).
    One definition for both languages; `operations` counts them in a language's shape."""
    return len(found) >= 2 or any(operations(step) >= STEP_OPERATIONS for step in found)


def repeated_steps(scopes: list[ast.AST], steps: Collection[str]) -> bool:
    """Whether the test's statements (or a helper of its file) repeat the subject's
    computing steps (`rebuilds`)."""
    found = set().union(*(steps_of(scope) for scope in scopes)) & set(steps) if scopes \
        else set()
    return rebuilds(found, step_operations)


def step_operations(step: str) -> int:
    """The operations in a loose `shape`: its binary operators and computing calls."""
    return step.count("BinOp(") + step.count("Call(")


def feeding(name: str, test: ast.AST) -> list[ast.stmt]:
    """The test's assignments the value of `name` is computed through (`expected = a - b`,
    `a = ...`, `b = ...`), nothing else the test computes."""
    wanted: set[str] = {name}
    found: list[ast.stmt] = []
    statements = [n for n in ast.walk(test) if isinstance(n, ast.Assign)]
    for statement in sorted(statements, key=lambda n: n.lineno, reverse=True):
        targets = {t.id for t in statement.targets if isinstance(t, ast.Name)}
        if targets & wanted:
            found.append(statement)
            wanted |= {n.id for n in ast.walk(statement.value) if isinstance(n, ast.Name)}
    return found

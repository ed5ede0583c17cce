"""Gate 5: test smells, found statically in a Python test file (pytest or unittest style).

Pure code over the `ast`: no test is imported or run. Reject-level smells send the file back
to the Writer; warnings go to the report. Look-alikes are deliberately spared: assertions with
messages, mocks of collaborators, a patched-out `sleep`, round trips (`decode(encode(x)) == x`),
an independent oracle (`fast_sort(x) == sorted(x)`), helpers that assert.
"""

from __future__ import annotations

import ast
import io
import re
import tokenize
from collections.abc import Collection, Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from itertools import pairwise
from typing import Literal

from pydantic import BaseModel

from bot.chains.tests.nesting import MAX_PY_DEPTH, py_depth, too_deep
from bot.chains.tests.py_stand_ins import (
    CONSTRUCTION,
    called_stand_in,
    calls_through,
    configured_stubs,
    self_called_mock,
    stub_echo,
)
from bot.chains.tests.py_stand_ins import dotted as _dotted  # one reader of a node's source
from bot.chains.tests.py_tautology import (
    assignments,
    called_names,
    compared,
    delegated,
    expression_steps,
    feeding,
    function_formulas,
    inlined,
    is_formula,
    operators,
    operators_of,
    recomputed,
    repeated_steps,
    resolved,
    shape,
    steps_of,
    tautology,
    true_by_construction,
)

Level = Literal["reject", "warn"]
FileVerdict = Literal["reject", "warn", "accept"]

REJECT_KINDS: tuple[str, ...] = ("no_assertion", "empty_test", "assertion_roulette",
                                 "excessive_mocking", "mocks_sut", "tautology")
WARN_KINDS: tuple[str, ...] = ("sleep_in_unit_test", "magic_numbers", "broad_exception_assert")
MAX_BARE_ASSERTIONS = 5
"""More message-less assertions than this, on several subjects, is assertion roulette."""
MAX_MOCKS = 6
MOCKED_WIRING = 5
"""This many mocks or more, with (nearly) every check of the test about how they were
called rather than what the code produced: the mocks are what the test checks."""


def mocks_dominate(mocks: int, checks: int, interactions: int) -> bool:
    """Excessive mocking: more stand-ins than a unit needs, or enough of them that the test
    checks mostly their wiring (three checks or more on mocks' calls, three in four of all
    its checks)."""
    return mocks > MAX_MOCKS or (mocks >= MOCKED_WIRING and interactions >= 3
                                 and 4 * interactions >= 3 * checks)
PLAIN_NUMBERS = frozenset({0, 1, 2, -1, 10, 100, 1000, 0.5})
MOCK_CALLS = frozenset({"patch", "Mock", "MagicMock", "AsyncMock", "create_autospec",
                        "PropertyMock", "NonCallableMock", "stub", "spy"})
MOCK_METHODS = frozenset({"object", "dict", "multiple", "setattr", "setitem", "spy", "stub"})
BROAD_EXCEPTIONS = frozenset({"Exception", "BaseException"})
ASSERTING_CALL_PREFIXES = ("assert", "fail")
HELPER_MODULES = ("test", "helper", "support", "conftest", "assert", "fixtures")
"""Where a suite keeps its own checking helpers (`tests/helpers.py`, `testing/support`)."""
UNITTEST_MESSAGE_AT: dict[str, int] = {
    **dict.fromkeys(("assertTrue", "assertFalse", "assertIsNone", "assertIsNotNone"), 1),
    **dict.fromkeys(("assertEqual", "assertEquals", "assertNotEqual", "assertIs", "assertIsNot",
                     "assertIn", "assertNotIn", "assertIsInstance", "assertNotIsInstance",
                     "assertGreater", "assertGreaterEqual", "assertLess", "assertLessEqual",
                     "assertRegex", "assertNotRegex", "assertCountEqual", "assertListEqual",
                     "assertDictEqual", "assertSetEqual", "assertTupleEqual",
                     "assertSequenceEqual", "assertMultiLineEqual"), 2),
    **dict.fromkeys(("assertAlmostEqual", "assertNotAlmostEqual"), 3),
}
"""Where a unittest assertion takes its message (positionally); `msg=` works everywhere."""
SETUP_METHODS = frozenset({"setUp", "asyncSetUp", "setup_method", "setUpClass"})
OUTSIDE_CALLS = frozenset({"urlopen", "urlretrieve", "open", "sleep", "time", "now", "utcnow",
                           "today", "random", "randint", "uniform", "choice", "shuffle",
                           "connect", "create_connection", "sendall", "recv", "send_message",
                           "sendmail", "execute", "executemany", "check_output", "check_call",
                           "Popen", "getenv", "read_text", "write_text", "read_bytes",
                           "write_bytes", "input", "getaddrinfo", "urandom", "uuid1",
                           "uuid4", "token_hex", "token_bytes", "token_urlsafe", "monotonic",
                           "perf_counter", "time_ns", "getrandbits", "randrange", "SMTP",
                           "SMTP_SSL", "listdir", "scandir", "makedirs", "rmtree", "getcwd",
                           "gethostname", "getpass", "iterdir"})
"""Calls that leave the process: a function making one is a boundary of the module."""
OUTSIDE_OWNERS = frozenset({"os", "path", "shutil", "socket", "pathlib", "tempfile", "glob",
                            "environ", "sys", "platform", "secrets", "uuid", "boto3", "s3",
                            "redis", "cursor", "smtp", "server", "ftp", "sftp", "bucket"})
"""Modules and handles whose every call leaves the process (`os.path.exists(p)`,
`os.environ.get("X")`, `cursor.fetchall()`)."""
HTTP_VERBS = frozenset({"get", "post", "put", "patch", "delete", "head", "request", "send",
                        "run"})
HTTP_CLIENTS = frozenset({"requests", "httpx", "session", "client", "http", "aiohttp",
                          "subprocess", "urllib3", "conn", "connection", "pool"})


def reaches_out(function: ast.AST) -> bool:
    """`function` calls the network, files, clock, randomness or a process
    (`urlopen(...)`, `requests.get(...)`, `self.session.post(...)`, `time.sleep(...)`)."""
    for node in ast.walk(function):
        if not isinstance(node, ast.Call):
            continue
        name = _call_name(node)
        if name in OUTSIDE_CALLS:
            return True
        if isinstance(node.func, ast.Attribute):
            owner = _dotted(node.func.value).lower().rsplit(".", 1)[-1]
            if owner in OUTSIDE_OWNERS or name in HTTP_VERBS and (
                    owner in HTTP_CLIENTS or owner.endswith(("session", "client"))):
                return True
    return False


class Smell(BaseModel):
    kind: str
    level: Level
    test: str
    line: int
    detail: str = ""


class SmellReport(BaseModel):
    path: str
    verdict: FileVerdict
    smells: list[Smell]

    @property
    def rejections(self) -> list[Smell]:
        return [s for s in self.smells if s.level == "reject"]

    def feedback(self) -> str:
        """What the Writer gets back: one line per reject-level smell."""
        return "\n".join(f"{self.path}:{s.line}: `{s.test}` {s.kind}" + (f" ({s.detail})"
                         if s.detail else "") for s in self.rejections)


@dataclass
class Subject:
    """What the tests are about: the module under test and its functions (optional)."""

    module: str | None = None
    """Dotted module name, e.g. `calc` or `pkg.prices`."""
    functions: frozenset[str] = frozenset()
    returns: tuple[str, ...] = ()
    """Shapes of the functions' return expressions (see `_shape`): "its own formula"."""
    calls: frozenset[str] = frozenset()
    """What the functions call (library calls, constructors; never plain data builders): "its
    own ingredients", an expected value built with them from the same inputs repeats it."""
    parts: tuple[str, ...] = ()
    """Shapes of the pieces (two operators or more) of the functions' formulas: an expected
    value computed from the actual's inputs with one of them repeats the implementation."""
    operators: dict[str, frozenset[str]] = field(default_factory=dict)
    """Per function, the operators its body computes with (`Mult`, `*`): an expected value
    computed from the same inputs with only those operators repeats its computation."""
    classes: frozenset[str] = frozenset()
    """Its classes: a method of one of them is the module's own logic too."""
    boundaries: frozenset[str] = frozenset()
    """Its functions that reach outside the process (network, files, clock, randomness,
    processes): collaborators a test may stand in for, unlike the module's own logic."""
    steps: frozenset[str] = frozenset()
    """Loose shapes of its computing steps as written, statement by statement (see
    `py_tautology.steps_of`): a test or helper repeating two of them rebuilds its logic."""
    top_level: frozenset[str] = frozenset()
    """Its functions outside any class: to a class of the module the test exercises, one it
    uses is a collaborator, as another class reached through the object is."""
    calls_of: dict[str, frozenset[str]] = field(default_factory=dict)
    """Per function, what its body calls: an expectation computed with another function of
    the module that the checked one itself calls, on the same inputs, is its own step."""
    constants: frozenset[str] = frozenset()
    """Names the module binds at its top level (`ABSOLUTE_ZERO_C = -273.15`): an expected
    value computed from the inputs with them and the function's operators repeats it."""

    @classmethod
    def of_source(cls, module: str, source: str, functions: Iterable[str] = ()) -> Subject:
        wanted = set(functions)
        shapes = []
        try:
            tree = ast.parse(source)
        except (SyntaxError, RecursionError, MemoryError):
            tree = ast.Module(body=[], type_ignores=[])
        defined = set()
        used: set[str] = set()
        parts: set[str] = set()
        boundaries: set[str] = set()
        operators: dict[str, frozenset[str]] = {}
        calls_of: dict[str, frozenset[str]] = {}
        steps: set[str] = set()
        module_helpers = {node.name: node for node in tree.body
                          if isinstance(node, ast.FunctionDef) and len(node.body) == 1
                          and isinstance(node.body[0], ast.Return)}
        for node in ast.walk(tree):
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                defined.add(node.name)
                if wanted and node.name not in wanted or py_depth(node)[0] > MAX_PY_DEPTH:
                    continue  # a function nested too deep to read gives no facts
                try:
                    facts = _function_facts(node, module_helpers)
                except RecursionError:  # deep only once a helper is read inline
                    continue
                steps |= facts.steps
                used |= facts.calls
                calls_of[node.name] = facts.calls
                if facts.reaches_out:
                    boundaries.add(node.name)
                operators[node.name] = facts.operators
                shapes += facts.shapes
                parts |= facts.parts
        return cls(module, frozenset(wanted or defined), tuple(dict.fromkeys(shapes)),
                   frozenset(used), tuple(sorted(parts)), operators=operators,
                   classes=frozenset(n.name for n in ast.walk(tree)
                                     if isinstance(n, ast.ClassDef)),
                   boundaries=frozenset(boundaries), steps=frozenset(steps),
                   top_level=frozenset(n.name for n in tree.body
                                       if isinstance(n, (ast.FunctionDef,
                                                         ast.AsyncFunctionDef))),
                   calls_of=calls_of, constants=frozenset(_module_constants(tree)))


def _module_constants(tree: ast.Module) -> set[str]:
    """Names the module binds at its top level (`ABSOLUTE_ZERO_C = -273.15`)."""
    found = set()
    for node in tree.body:
        targets = node.targets if isinstance(node, ast.Assign) else \
            [node.target] if isinstance(node, ast.AnnAssign) else []
        found |= {target.id for target in targets if isinstance(target, ast.Name)}
    return found


@dataclass(frozen=True)
class _FunctionFacts:
    """What one function of the module under test contributes to its `Subject`."""

    steps: frozenset[str]
    calls: frozenset[str]
    reaches_out: bool
    operators: frozenset[str]
    shapes: list[str]
    parts: frozenset[str]


def _function_facts(node: ast.FunctionDef | ast.AsyncFunctionDef,
                    module_helpers: dict[str, ast.FunctionDef]) -> _FunctionFacts:
    returned, pieces = function_formulas(node)
    shapes = [shape(value) for value in returned if is_formula(value)]
    # a formula written through a one-line helper of the module (`round_cents(x * rate)`)
    # is the formula the helper computes
    shapes += [shape(inlined(value, module_helpers)) for value in returned
               if is_formula(value) and module_helpers]
    return _FunctionFacts(frozenset(steps_of(node)), frozenset(called_names(node)),
                          reaches_out(node), frozenset(operators_of(node)), shapes,
                          frozenset(shape(piece) for piece in pieces))


@dataclass
class _TestFacts:
    name: str
    line: int
    assertions: list[ast.AST] = field(default_factory=list)
    bare: list[tuple[ast.AST, ast.expr | None]] = field(default_factory=list)
    """Assertions without a message, with the value each is about."""
    mocks: int = 0
    patched: set[str] = field(default_factory=set)
    called: set[str] = field(default_factory=set)
    receivers: set[str] = field(default_factory=set)
    """What the test calls methods on (`invoice` in `invoice.total()`): the objects and
    classes it exercises itself, not through another object."""


@dataclass
class _SharedMocks:
    """Mocks a test gets from outside its body: its class's `setUp` and the file's fixtures it
    asks for (or that are `autouse`), each fixture's own fixtures included."""

    setups: dict[str, tuple[int, set[str]]] = field(default_factory=dict)
    fixtures: dict[str, tuple[int, set[str], list[str]]] = field(default_factory=dict)
    autouse: list[str] = field(default_factory=list)

    @classmethod
    def of(cls, tree: ast.Module) -> _SharedMocks:
        shared = cls()
        for statement in tree.body:
            if isinstance(statement, ast.ClassDef):
                for item in statement.body:
                    if isinstance(item, (ast.FunctionDef, ast.AsyncFunctionDef)) and \
                            item.name in SETUP_METHODS:
                        count, patched = _mocks_in(item)
                        before = shared.setups.get(statement.name, (0, set()))
                        shared.setups[statement.name] = (before[0] + count, before[1] | patched)
        for node in ast.walk(tree):
            if not isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                continue
            marks = [d for d in node.decorator_list if _dotted(
                d.func if isinstance(d, ast.Call) else d).endswith("fixture")]
            if not marks:
                continue
            count, patched = _mocks_in(node)
            shared.fixtures[node.name] = (count, patched, _parameters(node))
            if any(isinstance(d, ast.Call) and any(
                    k.arg == "autouse" and isinstance(k.value, ast.Constant) and k.value.value
                    for k in d.keywords) for d in marks):
                shared.autouse.append(node.name)
        return shared

    def for_test(self, test: ast.FunctionDef | ast.AsyncFunctionDef) -> tuple[int, set[str]]:
        count, patched = self.setups.get(getattr(test, "_owner", ""), (0, set()))
        patched = set(patched)
        wanted, seen = [*_parameters(test), *self.autouse], set()
        while wanted:
            name = wanted.pop()
            if name in seen or name not in self.fixtures:
                continue
            seen.add(name)
            more, targets, requested = self.fixtures[name]
            count += more
            patched |= targets
            wanted += requested
        return count, patched


def _parameters(function: ast.FunctionDef | ast.AsyncFunctionDef) -> list[str]:
    return [a.arg for a in [*function.args.args, *function.args.kwonlyargs]]


def _mocks_in(function: ast.FunctionDef | ast.AsyncFunctionDef) -> tuple[int, set[str]]:
    """Mocks a setUp method or a fixture makes (its decorators included)."""
    facts = _TestFacts(function.name, function.lineno)
    for decorator in function.decorator_list:
        _note_mock(decorator, facts)
    for statement in function.body:
        for node in ast.walk(statement):
            if isinstance(node, ast.Call):
                _note_mock(node, facts)
    return facts.mocks + _mocks_per_element(function), facts.patched


COMPREHENSIONS = (ast.ListComp, ast.SetComp, ast.GeneratorExp, ast.DictComp)


def _mocks_per_element(scope: ast.AST) -> int:
    """Mocks a comprehension makes beyond the one its expression shows: `users, mailer, sms =
    (Mock() for _ in range(3))` makes three, one per element (`range(n)` with a literal `n`,
    or a literal list or tuple), not one."""
    extra = 0
    for node in ast.walk(scope):
        if not isinstance(node, COMPREHENSIONS) or len(node.generators) != 1:
            continue
        source = node.generators[0].iter
        count = len(source.elts) if isinstance(source, (ast.List, ast.Tuple)) else \
            source.args[-1].value if isinstance(source, ast.Call) and \
            _call_name(source) == "range" and len(source.args) == 1 and \
            isinstance(source.args[-1], ast.Constant) and \
            isinstance(source.args[-1].value, int) else 1
        made = node.value if isinstance(node, ast.DictComp) else node.elt
        mocks = sum(isinstance(n, ast.Call) and _is_mock_call(n) for n in ast.walk(made))
        extra += mocks * (min(count, 100) - 1) if count > 1 else 0
    return extra


def analyse_source(source: str, path: str = "<test>", subject: Subject | None = None
                   ) -> SmellReport:
    """Every smell of every test in `source`; a file that does not parse, or nests deeper
    than the detectors read (`nesting.py`), is one rejection."""
    subject = subject or Subject()
    try:
        tree = ast.parse(source)
    except SyntaxError as exc:
        return unreadable(path, exc.lineno or 1, f"does not parse: {exc.msg}")
    except (RecursionError, MemoryError):  # a chain too long for Python's own parser
        return unreadable(path, 1, "does not parse: nested too deep for Python's parser")
    depth, line = py_depth(tree)
    if depth > MAX_PY_DEPTH:
        return unreadable(path, line, too_deep(depth, MAX_PY_DEPTH))
    try:
        return _analysed(tree, path, subject, source.splitlines())
    except RecursionError:  # the bound above is meant to make this unreachable
        return unreadable(path, line, too_deep(depth, MAX_PY_DEPTH))


def _ends_in_prose(test: ast.FunctionDef | ast.AsyncFunctionDef, lines: Sequence[str]) -> bool:
    """The test's body ends in a comment after its last statement: the check it should end
    with is written as prose (`# a refund should make the order final`)."""
    for line in lines[test.end_lineno or len(lines):]:
        stripped = line.strip()
        if not stripped:
            continue
        indent = len(line) - len(line.lstrip())
        return stripped.startswith("#") and indent > test.col_offset
    return False


def _sleepers(helpers: dict[str, ast.FunctionDef]) -> set[str]:
    """The file's own helpers that wait in real time (`def wait(s): time.sleep(s)`); read
    once per file (per test it was quadratic: 300 helpers and tests took 10 s)."""
    return {name for name, helper in helpers.items() if any(
        isinstance(n, ast.Call) and _call_name(n) == "sleep" and not _zero_arg(n)
        for n in ast.walk(helper))}


def _comments(source: str) -> dict[int, str]:
    """The file's comments by line (tokenized once: a `#` inside a string is no comment)."""
    found: dict[int, str] = {}
    try:
        for token in tokenize.generate_tokens(io.StringIO(source).readline):
            if token.type == tokenize.COMMENT:
                found[token.start[0]] = token.string
    except (tokenize.TokenError, SyntaxError):
        pass  # the file parsed: a tokenizer's complaint only costs the comments after it
    return found


def _worked(test: ast.FunctionDef | ast.AsyncFunctionDef, lines: Sequence[str],
            comments: dict[int, str]) -> str:
    """The digits of the test's comments, in it and right above it: a number whose working
    a comment shows (`# 3 x $19.99 = $59.97` over `== 5997`) is explained, not magic."""
    first = min([test.lineno, *(d.lineno for d in test.decorator_list)])
    while first > 1 and lines[first - 2].strip().startswith("#"):
        first -= 1
    return " ".join(digits(comments[n]) for n in range(first, (test.end_lineno or first) + 1)
                    if n in comments)


def unreadable(path: str, line: int, detail: str) -> SmellReport:
    """A file the gate cannot read has no test it can vouch for: one file-level rejection
    that says why, never a pass."""
    smell = Smell(kind="empty_test", level="reject", test="<file>", line=line, detail=detail)
    return SmellReport(path=path, verdict="reject", smells=[smell])


def _analysed(tree: ast.Module, path: str, subject: Subject,
              lines: Sequence[str] = ()) -> SmellReport:
    helpers = _asserting_helpers(tree)
    file_patches_sleep = _patches_sleep(tree)
    shared = _SharedMocks.of(tree)
    formulas = {node.name: node for node in tree.body if isinstance(node, ast.FunctionDef)
                and not node.name.startswith("test")}
    overrides = _overrides(tree, subject)
    # once per file, not per test: what each helper builds or replaces
    builders = _builders(formulas, subject)
    replaced = {name: _helper_patches(node, subject) for name, node in formulas.items()}
    waiters = _sleepers(formulas)
    made_by = {name: _mocks_in(node)[0] for name, node in formulas.items()
               if name not in shared.fixtures}  # `deps = make_deps()`: its mocks are the test's
    smells: list[Smell] = []
    comments = _comments("\n".join(lines))
    for test, decorators in _tests(tree):
        test._ends_in_prose = _ends_in_prose(test, lines)  # type: ignore[union-attr]
        test._worked = _worked(test, lines, comments)  # type: ignore[union-attr]
        smells += _smells_of(test, decorators, helpers, subject, file_patches_sleep,
                             shared.for_test(test), formulas, overrides, made_by,
                             builders, replaced, waiters)
    verdict: FileVerdict = ("reject" if any(s.level == "reject" for s in smells)
                            else "warn" if smells else "accept")
    return SmellReport(path=path, verdict=verdict, smells=smells)


def names_of_tests(source: str) -> list[str]:
    """The tests a file defines (`test_x`, `TestK::test_y`)."""
    return [name for name, _ in _test_spans(source)]


def _test_spans(source: str) -> list[tuple[str, tuple[int, int]]]:
    tree = ast.parse(source)
    spans = []
    for node, decorators in _tests(tree):
        first = min([d.lineno for d in decorators] + [node.lineno])
        spans.append((node.name if not hasattr(node, "_owner") else
                      f"{node._owner}::{node.name}", (first, node.end_lineno or node.lineno)))
    return spans


def drop_tests(source: str, names: Sequence[str]) -> str:
    """`source` without the named tests (decorators included): flaky and low-value tests go.
    A test class left with nothing in it goes as a whole."""
    doomed = set(names)
    lines = source.splitlines(keepends=True)
    cut: set[int] = set()
    for name, (first, last) in _test_spans(source):
        if name in doomed or name.rsplit("::", 1)[-1] in doomed:
            cut.update(range(first, last + 1))
    for node in ast.parse(source).body:
        if isinstance(node, ast.ClassDef) and all(
                set(range(item.lineno, (item.end_lineno or item.lineno) + 1)) <= cut
                for item in node.body):
            first = min([d.lineno for d in node.decorator_list] + [node.lineno])
            cut.update(range(first, (node.end_lineno or node.lineno) + 1))
    return "".join(line for number, line in enumerate(lines, 1) if number not in cut)


# --- what a test is ---------------------------------------------------------------------------


def _is_test_class(node: ast.ClassDef) -> bool:
    bases = {ast.unparse(b).rsplit(".", 1)[-1] for b in node.bases}
    return node.name.startswith("Test") or "TestCase" in bases


def _tests(tree: ast.Module) -> Iterator[tuple[ast.FunctionDef | ast.AsyncFunctionDef,
                                               list[ast.expr]]]:
    for node in tree.body:
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) and \
                node.name.startswith("test"):
            yield node, list(node.decorator_list)
        elif isinstance(node, ast.ClassDef) and _is_test_class(node):
            for item in node.body:
                if isinstance(item, (ast.FunctionDef, ast.AsyncFunctionDef)) and \
                        item.name.startswith("test"):
                    item._owner = node.name  # type: ignore[union-attr]
                    item._owner_node = node  # type: ignore[union-attr]
                    yield item, list(item.decorator_list) + list(node.decorator_list)


def _asserting_helpers(tree: ast.Module) -> set[str]:
    """Non-test functions of the file that assert, and asserting functions imported under
    another name (`from hamcrest import assert_that as check`): calling one is an assertion."""
    found = {alias.asname for node in ast.walk(tree) if isinstance(node, ast.ImportFrom)
             for alias in node.names
             if alias.asname and alias.name.startswith(ASSERTING_CALL_PREFIXES)}
    # `from tests.helpers import check_invoice`: a checking helper of the test suite
    found |= {alias.asname or alias.name for node in ast.walk(tree)
              if isinstance(node, ast.ImportFrom) and any(
                  word in (node.module or "") for word in HELPER_MODULES)
              for alias in node.names if alias.name.startswith(CUSTOM_CHECK_PREFIXES)}
    helpers = [node for node in ast.walk(tree) if isinstance(
        node, (ast.FunctionDef, ast.AsyncFunctionDef)) and not node.name.startswith("test")]
    grown = True
    while grown:  # a helper that calls a helper that asserts asserts too
        grown = False
        for node in helpers:
            if node.name not in found and any(
                    isinstance(inner, ast.Assert) or _asserting_call(inner) or (
                        isinstance(inner, ast.Raise) and _hand_assertion(
                            inner, node, guarded=node.name.startswith(CUSTOM_CHECK_PREFIXES))) or (
                        isinstance(inner, ast.Call) and _call_name(inner) in found)
                    for inner in ast.walk(node)):
                found.add(node.name)
                grown = True
    return found


def _vacuous(test: ast.expr) -> bool:
    """An `assert` that holds whatever the code does: a non-empty tuple
    (`assert (x == 1, "why")`), a Mock method that does not exist (`m.called_once_with(1)`,
    auto-created and truthy), or an assertion method referenced, not called
    (`assert m.assert_called_once`)."""
    if isinstance(test, ast.Tuple):
        return bool(test.elts)
    if isinstance(test, ast.Attribute):
        return test.attr.startswith("assert_")
    return isinstance(test, ast.Call) and isinstance(test.func, ast.Attribute) and \
        test.func.attr.startswith(("called_", "has_call", "any_call", "has_been_called"))


def _hand_assertion(node: ast.Raise, scope: ast.AST, *, guarded: bool = True) -> bool:
    """`raise AssertionError(...)`, or (with `guarded`) any raise under an `if` of `scope`: a
    check written by hand. A helper passes `guarded` only when it is named as a check: a data
    builder that refuses bad input (`if qty < 0: raise ValueError`) checks nothing of the
    code under test."""
    if node.exc is not None and _dotted(node.exc).split("(", 1)[0].endswith("AssertionError"):
        return True
    return guarded and any(isinstance(inner, ast.If) and any(n is node for n in ast.walk(inner))
               for inner in ast.walk(scope))


def _call_name(node: ast.Call) -> str:
    func = node.func
    if isinstance(func, ast.Attribute):
        return func.attr
    if isinstance(func, ast.Name):
        return func.id
    return ""


def _asserting_call(node: ast.AST) -> bool:
    """`assert_called_once()`, `self.fail(...)`, and the assertion libraries' chains:
    pytest-check's `check.equal(a, b)`, sure's and should-dsl's `expect(x).to.equal(1)`,
    `x.should.equal(1)`."""
    if not isinstance(node, ast.Call):
        return False
    if _call_name(node).startswith(ASSERTING_CALL_PREFIXES):
        return True
    inner: ast.AST = node.func
    chain: list[str] = []
    while isinstance(inner, (ast.Attribute, ast.Call)):
        if isinstance(inner, ast.Attribute):
            chain.append(inner.attr)
            inner = inner.value
        else:
            if _call_name(inner) == "expect" and chain:
                return True
            inner = inner.func
    return bool(chain) and (isinstance(inner, ast.Name) and inner.id == "check" or
                            any(word in ("should", "must") for word in chain[1:]))


CUSTOM_CHECK_PREFIXES = ("assert", "check", "verify", "expect")
"""Names of checks (`verify_receipt`); never `ensure_`, `should_`, `must_`: those name
setup steps and predicates (`ensure_dir`, `should_retry`) as often as checks."""


def _custom_check(node: ast.Call, subject: Subject) -> bool:
    """A call named as a check (`check(ok)`, `verify_receipt(r)`, `must_equal(a, b)`),
    from a fixture, a helper module or a library, never a function of the code under test
    (`check_password(p)` only runs it)."""
    name = _call_name(node)
    prefix = next((p for p in CUSTOM_CHECK_PREFIXES if name.startswith(p)), None)
    return prefix is not None and name not in subject.functions and (
        len(name) == len(prefix) or name[len(prefix)] in "_" or name[len(prefix)].isupper())


def _raises_context(node: ast.AST) -> ast.Call | None:
    """`pytest.raises(...)`, `self.assertRaises(...)`, `pytest.warns(...)` used as a context."""
    if isinstance(node, (ast.With, ast.AsyncWith)):
        for item in node.items:
            call = item.context_expr
            if isinstance(call, ast.Call) and _call_name(call) in (
                    "raises", "warns", "assertRaises", "assertRaisesRegex", "assertWarns",
                    "assertLogs", "deprecated_call"):
                return call
    return None


# --- the smells of one test -------------------------------------------------------------------


def _smells_of(test: ast.FunctionDef | ast.AsyncFunctionDef, decorators: list[ast.expr],
               helpers: set[str], subject: Subject, file_patches_sleep: bool,
               shared: tuple[int, set[str]],
               formula_helpers: dict[str, ast.FunctionDef] | None = None,
               overrides: dict[str, set[str]] | None = None,
               made_by: dict[str, int] | None = None,
               builders: set[str] | None = None,
               replaced: dict[str, set[str]] | None = None,
               waiters: set[str] | None = None) -> list[Smell]:
    name = f"{test._owner}::{test.name}" if hasattr(test, "_owner") else test.name
    facts = _TestFacts(name, test.lineno, mocks=shared[0], patched=set(shared[1]))
    smells: list[Smell] = []

    def add(kind: str, line: int, detail: str = "") -> None:
        level: Level = "reject" if kind in REJECT_KINDS else "warn"
        smells.append(Smell(kind=kind, level=level, test=name, line=line, detail=detail))

    if _is_empty(test.body) or _builds_only(test.body, subject, builders or set()):
        add("empty_test", test.lineno)
        return smells
    for decorator in decorators:
        _note_mock(decorator, facts)
    facts.mocks += _mocks_per_element(test)
    sleeps: list[ast.Call] = []
    sleepers = _sleepers(formula_helpers or {}) if waiters is None else waiters
    explained = {id(inner) for node in ast.walk(test) if isinstance(node, ast.With) and any(
        isinstance(i.context_expr, ast.Call) and _call_name(i.context_expr) == "subTest"
        for i in node.items) for inner in ast.walk(node)}  # a subTest names each failure
    contexts: set[int] = set()
    for node in (inner for statement in test.body for inner in ast.walk(statement)):
        if isinstance(node, ast.Assert) and _vacuous(node.test):
            continue  # `assert m.called_once_with(1)`: a Mock's auto-attribute, always true
        if isinstance(node, ast.Assert):
            facts.assertions.append(node)
            if node.msg is None and id(node) not in explained:
                compare = node.test
                facts.bare.append((node, compare.left if isinstance(compare, ast.Compare)
                                   else compare))
        elif isinstance(node, (ast.With, ast.AsyncWith)) and \
                (call := _raises_context(node)) is not None:
            facts.assertions.append(node)
            contexts.add(id(call))  # `with self.assertRaises(...)`: one check, not two
            if call.args and _dotted(call.args[0]) in BROAD_EXCEPTIONS:
                add("broad_exception_assert", node.lineno, _dotted(call.args[0]))
        elif isinstance(node, ast.Raise) and _hand_assertion(node, test):
            facts.assertions.append(node)  # `if got != want: raise AssertionError(...)`
        elif isinstance(node, ast.Call) and id(node) not in contexts:
            called = _call_name(node)
            if called in ("raises", "warns") and len(node.args) >= 2:
                facts.assertions.append(node)  # `pytest.raises(ValueError, parse, "x")`
            elif (_asserting_call(node) and called not in subject.functions) or \
                    called in helpers or (_custom_check(node, subject) and
                                          called not in (formula_helpers or {})):
                # `assert_signup(form)` of the code under test runs it; it checks nothing
                facts.assertions.append(node)
                if _bare_unittest_assertion(node) and id(node) not in explained:
                    facts.bare.append((node, node.args[0] if node.args else None))
                if called in ("assertRaises", "assertRaisesRegex") and node.args and \
                        _dotted(node.args[0]) in BROAD_EXCEPTIONS:
                    add("broad_exception_assert", node.lineno, _dotted(node.args[0]))
            elif (called == "sleep" or called in sleepers) and not _zero_arg(node):
                sleeps.append(node)  # `time.sleep(0.2)`, or the file's `wait(0.2)` that does
            _note_mock(node, facts)
            _note_setattr(node, facts)
            if not _is_mock_call(node):
                facts.called.add(called)
                if isinstance(node.func, ast.Attribute):
                    receiver = node.func.value  # `Invoice("x").total()`: the class itself
                    facts.receivers.add(_call_name(receiver) if isinstance(receiver, ast.Call)
                                        else _dotted(receiver))
        elif isinstance(node, ast.Assign):
            _note_assigned_stand_in(node, facts)
    if not facts.assertions and getattr(test, "_ends_in_prose", False):
        add("empty_test", test.lineno, "it stops where its check should be: a comment")
    elif not facts.assertions:
        add("no_assertion", test.lineno)
    elif not any(_reached(assertion, test) for assertion in facts.assertions):
        add("no_assertion", test.lineno, "every assertion is behind a condition, a loop over computed "
            "values, a callback nobody need call, a catch that swallows it, a promise "
            "nobody awaits or a `return` above it, so none need ever run")
    subjects = {_subject_of(about) for _, about in facts.bare}
    if roulette(len(facts.bare), len(subjects), _behaviours(test, facts.bare)):
        add("assertion_roulette", getattr(facts.bare[0][0], "lineno", test.lineno),
            f"{len(facts.bare)} assertions without messages on {len(subjects)} subjects")
    mocks = facts.mocks + sum(count for name, count in (made_by or {}).items()
                              if name in facts.called)
    patched_names = _patched_names(test)  # once per test, not per assertion
    if mocks_dominate(mocks, len(facts.assertions),
                      sum(_interaction(a, patched_names) for a in facts.assertions)):
        add("excessive_mocking", test.lineno, f"{mocks} mocks")
    for helper_name, patched in (replaced or {}).items():
        if helper_name in facts.called:  # `with_warm_parser()`: what it replaces, the test has
            facts.patched |= patched
    sut_patched = _sut_patched(facts, subject, _instances(test, subject),
                               _answered_by_stand_in(test, facts.assertions)) or \
        _overridden_call(test, overrides or {})
    stand_in = called_stand_in(_scopes(test), test, subject.classes, subject.functions,
                               subject.boundaries)
    if sut_patched or stand_in:
        add("mocks_sut", test.lineno, f"patches {sut_patched}, the code under test"
            if sut_patched else f"calls a stand-in of {stand_in}, the code under test")
    stubs = set() if sut_patched or stand_in else configured_stubs(test)
    for assertion in facts.assertions:
        # an instance of the module's own class built by hand is a literal of the result's
        # type, not a computation (`[Token("NAME", "speed", 0)]`)
        why = tautology(assertion, test, subject.returns, subject.functions,
                        subject.calls - subject.classes, subject.parts, formula_helpers) or \
            recomputed(assertion, test, subject.operators, subject.constants) or \
            delegated(assertion, test, subject.functions, subject.calls_of) or \
            _rebuilt(assertion, test, subject, formula_helpers or {}) or \
            _echoed(assertion, test, stubs)
        if why:
            add("tautology", getattr(assertion, "lineno", test.lineno), why)
    own_call = self_called_mock(test)
    if own_call:
        add("tautology", test.lineno, f"it checks that {own_call}, a mock only the test "
            "itself calls, was called")
    if facts.assertions and all(true_by_construction(a) for a in facts.assertions):
        add("tautology", getattr(facts.assertions[0], "lineno", test.lineno),
            "its only check is true by construction: it checks nothing the code does")
    if sleeps and not file_patches_sleep and not _patches_sleep(test):
        add("sleep_in_unit_test", sleeps[0].lineno)
    shown = " ".join(digits(n.value) for a in facts.assertions
                     for expected in (_expected_literals(a),) for n in ast.walk(a)
                     if isinstance(n, ast.Constant) and isinstance(n.value, str)
                     and id(n) in expected) + " " + getattr(test, "_worked", "")
    for assertion, _ in facts.bare:
        number = _magic_number(assertion, shown)
        if number is not None:
            add("magic_numbers", getattr(assertion, "lineno", test.lineno), repr(number))
            break
    return smells


DATA_CALLS = frozenset({"range", "enumerate", "zip", "sorted", "reversed", "items", "values",
                        "keys", "list", "tuple", "product", "permutations", "combinations"})
"""Calls that only walk test data: a loop over them runs its body."""


def _reached(assertion: ast.AST, test: ast.AST) -> bool:
    """Whether the assertion runs whenever the test does: not only in one branch of an `if`
    (the other branch asserting nothing), nor only in a loop over values the code under test
    computes (`for sku in inventory.low_stock():` checks nothing when the list is empty)."""
    path = _path_to(test, assertion)
    guarded = isinstance(assertion, ast.Raise) or (
        isinstance(assertion, ast.Call) and _call_name(assertion).startswith("fail"))
    for parent, child in pairwise(path):
        if _after_return(parent, child):
            return False  # `return` first: the checks below it are dead code
        if isinstance(parent, ast.If) and not guarded:  # `if bad: fail(...)` is the check
            branch = parent.body if any(child is s for s in parent.body) else parent.orelse
            other = parent.orelse if branch is parent.body else parent.body
            if child is not parent.test and not _asserts(other):
                return False
        elif isinstance(parent, (ast.FunctionDef, ast.AsyncFunctionDef)) and \
                parent is not test and not parent.decorator_list and \
                _handed_over(parent.name, test):
            return False
        elif isinstance(parent, ast.Try) and any(child is s for s in parent.body) and \
                any(_swallows(handler) for handler in parent.handlers):
            return False  # `try: assert ... except AssertionError: pass` can never fail
        elif (isinstance(parent, ast.While) and child is not parent.test) or (
                isinstance(parent, (ast.For, ast.AsyncFor)) and child is not parent.iter
                and not _data(parent.iter, test)):
            return False
    return True


def _after_return(parent: ast.AST, child: ast.AST) -> bool:
    """Whether `child` is a statement below a `return` of its own block."""
    for _, value in ast.iter_fields(parent):
        if isinstance(value, list) and any(child is item for item in value):
            before = value[:next(i for i, item in enumerate(value) if item is child)]
            return any(isinstance(item, ast.Return) for item in before)
    return False


def _swallows(handler: ast.ExceptHandler) -> bool:
    """An `except` that catches a failed assertion (bare, `Exception`, `AssertionError`)
    and does not raise again or fail."""
    caught = _dotted(handler.type) if handler.type is not None else ""
    if caught and not any(name in caught for name in ("AssertionError", "Exception",
                                                        "BaseException")):
        return False
    return not any(isinstance(n, ast.Raise) or _asserting_call(n) or isinstance(n, ast.Assert)
                   for statement in handler.body for n in ast.walk(statement))


RUNS_NOW = frozenset({"map", "filter", "any", "all", "sorted", "min", "max", "reduce", "list",
                     "starmap", "run", "call", "apply", "raises", "assertRaises",
                     "addCleanup", "benchmark"})
"""Calls that run the function they are handed before they return."""


def _handed_over(name: str, test: ast.AST) -> bool:
    """A function of the test that the test never runs itself (by calling it, or through
    `map`, `sorted`...): handed to the code under test (`LRU(2, on_evict=check)`,
    `cache.on_evict = check`) it runs when, and if, that code wants; handed to nobody it
    never runs."""
    for node in ast.walk(test):
        if isinstance(node, ast.Call) and (
                isinstance(node.func, ast.Name) and node.func.id == name or
                _call_name(node) in RUNS_NOW and any(
                    isinstance(a, ast.Name) and a.id == name
                    for a in [*node.args, *(k.value for k in node.keywords)])):
            return False
    return True


def _path_to(root: ast.AST, target: ast.AST) -> list[ast.AST]:
    """The nodes from `root` down to `target`, both included (empty if not below); a loop,
    not recursion, so a deeply nested test cannot exhaust the stack."""
    parents: dict[int, ast.AST] = {}
    stack = [root]
    while stack:
        node = stack.pop()
        if node is target:
            path = [node]
            while path[-1] is not root:
                path.append(parents[id(path[-1])])
            return path[::-1]
        for child in ast.iter_child_nodes(node):
            parents[id(child)] = node
            stack.append(child)
    return []


def _asserts(body: list[ast.stmt]) -> bool:
    return any(isinstance(n, ast.Assert) or _asserting_call(n) or isinstance(n, ast.Raise)
               for statement in body for n in ast.walk(statement))


def _data(iterable: ast.expr, test: ast.AST) -> bool:
    """Test data (literals, constants, `range(3)`, `zip(CASES, WANT)`), not computed."""
    value = resolved(iterable, assignments(test))
    if isinstance(value, (ast.List, ast.Tuple, ast.Set)) and not value.elts or \
            isinstance(value, ast.Dict) and not value.keys:
        return False  # an empty list the code under test fills in: computed by it
    return not any(isinstance(n, ast.Call) and _call_name(n) not in DATA_CALLS
                   for n in ast.walk(value))


def roulette(bare: int, subjects: int, behaviours: int = 2) -> bool:
    """More than five unexplained assertions on more than two things, or more than six on
    two, about more than one behaviour: a failure among them does not say which behaviour
    broke. Many on one thing are the facets of one result, and so are many checks, field by
    field, of what one action did (its result and the collaborators it used)."""
    return behaviours > 1 and bare > MAX_BARE_ASSERTIONS and (
        subjects > 2 or bare > MAX_BARE_ASSERTIONS + 1 and subjects > 1)


def _behaviours(test: ast.FunctionDef | ast.AsyncFunctionDef,
                bare: list[tuple[ast.AST, ast.expr | None]]) -> int:
    """How many actions the unexplained assertions check: the statements of the test in
    order, each one that calls something (outside an assertion) starting a new action, and
    an assertion whose actual value itself calls the code with arguments
    (`assert is_email("a@b")`) an action of its own."""
    about = {id(node): value for node, value in bare}
    simple = sorted((n for n in ast.walk(test) if isinstance(n, ast.stmt) and not isinstance(
        n, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef, ast.If, ast.For,
            ast.AsyncFor, ast.While, ast.With, ast.AsyncWith, ast.Try))),
        key=lambda n: (n.lineno, n.col_offset))
    action, seen = 0, set()
    for statement in simple:
        checks = [n for n in ast.walk(statement) if id(n) in about]
        if not checks:
            if any(isinstance(n, ast.Call) for n in ast.walk(statement)):
                action += 1
            continue
        for check in checks:
            if _acts(about[id(check)]):
                action += 1
            seen.add(action)
    return len(seen)


def _acts(value: ast.expr | None) -> bool:
    """An assertion's actual value that runs the code itself: a call with arguments, other
    than one reading a value (`len(x)`, `Decimal(x)`); a new object of its own
    (`Invoice("x").total()`) is another action too."""
    return value is not None and any(
        isinstance(n, ast.Call) and (n.args or n.keywords)
        and _call_name(n) not in VALUE_READERS | EXPECTED_BUILDERS for n in ast.walk(value))


def _builds_only(body: list[ast.stmt], subject: Subject, builders: set[str] | None = None
                 ) -> bool:
    """A test that only builds objects, stand-ins and data (`account = Account(10)`,
    `clock = Mock()` and nothing else), or only names values (`verify_and_parse`), runs
    nothing: as empty as a `pass`. One that calls the code and never looks at the result
    (`result = parse("x")`) has no assertion instead. The file's own builders count as
    building (`builders`: `deps = in_memory_deps()`)."""
    bound: set[str] = set()
    named = False
    for statement in body:
        if isinstance(statement, (ast.Pass, ast.Expr)) and _is_empty([statement]):
            continue
        if isinstance(statement, ast.Expr) and isinstance(statement.value, ast.Name):
            named = True  # a name as a statement: a value thrown away, nothing run
            continue
        if not isinstance(statement, (ast.Assign, ast.AnnAssign)):
            return False
        targets = statement.targets if isinstance(statement, ast.Assign) else \
            [statement.target]
        names = [n for t in targets for n in ast.walk(t) if isinstance(n, ast.Name)]
        if not all(isinstance(n, (ast.Name, ast.Tuple, ast.List, ast.Starred, ast.expr_context))
                   for t in targets for n in ast.walk(t)):
            return False  # `key, value = ...` binds names too; `obj.x = ...` does something
        bound |= {n.id for n in names}
    # setup only: objects built (`Cache(clock=clock)`), nothing of theirs ever called
    built = all(not isinstance(n, ast.Call) or _call_name(n)[:1].isupper() or
                _call_name(n) in ("list", "dict", "set", "tuple", "range") or
                _call_name(n) in (builders or ()) or
                _static_factory(n, subject) for statement in body for n in ast.walk(statement))
    return (bool(bound) or named) and built


def _run_at_once(function: ast.FunctionDef) -> Iterator[ast.AST]:
    """The nodes of `function`'s body that run when it is called: not those of the functions
    and lambdas it defines (`find=lambda e: users.get(e)` runs when the code calls it)."""
    stack: list[ast.AST] = list(function.body)
    while stack:
        node = stack.pop()
        yield node
        if not isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda,
                                 ast.ClassDef)):
            stack.extend(ast.iter_child_nodes(node))


def _builders(helpers: dict[str, ast.FunctionDef], subject: Subject) -> set[str]:
    """The file's own functions that only build: running them calls nothing of the module
    under test, none of the file's other functions and no assertion (`in_memory_deps()`
    returning stand-ins, `order_row(**overrides)`): what a test gets from them is setup."""
    found = set()
    for name, helper in helpers.items():
        if any(isinstance(n, ast.Assert) for n in _run_at_once(helper)):
            continue
        calls = {_call_name(n) for n in _run_at_once(helper) if isinstance(n, ast.Call)}
        if not calls & (set(subject.functions) | set(helpers)) and not any(
                c.startswith("assert") or c in ("fail", "raises") for c in calls):
            found.add(name)
    return found


FACTORY_NAME = re.compile(
    r"(of|new|empty|blank|zero|none|default|create|make|build|sample)(_\w*)?|"
    r"(from|with|for)_\w+|(from|with|for)[A-Z]\w*|(create|make|build|default)[A-Z]\w*")
"""Names a named constructor goes by (`Money.of`, `Invoice.empty`, `Date.from_iso`,
`Point.fromJSON`), not an action (`Parser.parse`, `Path.cwd`, `Report.render`)."""


def _static_factory(call: ast.Call, subject: Subject) -> bool:
    """`Money.cents(100)`, `Invoice.empty()`: a class's own named constructor builds one of
    its objects, as `Money(100)` would. Named so (`FACTORY_NAME`), or a class of the module
    under test called by its class name (`Money.cents` where `shop` defines `Money`); any
    other capitalised call (`Parser.parse(s)`, `Path.cwd()`) runs something."""
    return isinstance(call.func, ast.Attribute) and isinstance(call.func.value, ast.Name) \
        and call.func.value.id[:1].isupper() and (
            call.func.value.id in subject.classes or FACTORY_NAME.fullmatch(call.func.attr)
            is not None)


def _stand_in(value: ast.AST) -> bool:
    """A value that replaces behaviour: a mock or a lambda."""
    return isinstance(value, ast.Lambda) or (isinstance(value, ast.Call) and
                                             _call_name(value) in MOCK_CALLS)


def _note_assigned_stand_in(node: ast.Assign, facts: _TestFacts) -> None:
    """`account.withdraw = Mock()`, `prices.net = lambda *a: 3`: the attribute is replaced."""
    if not _stand_in(node.value):
        return
    for target in node.targets:
        if isinstance(target, ast.Name):
            facts.patched.add(target.id)  # `slugify = Mock()`: the name now calls a stand-in
        elif isinstance(target, ast.Attribute):
            facts.patched.add(f"{_dotted(target.value)}.{target.attr}")
            if isinstance(node.value, ast.Lambda):
                facts.mocks += 1


def _helper_patches(helper: ast.FunctionDef, subject: Subject) -> set[str]:
    """What a helper of the file replaces, each object of the module's classes it builds
    itself named by its class (`inv.reserve = Mock()` on `Inventory.__new__(Inventory)` or
    `Inventory()` is `Inventory.reserve`): the test that calls the helper and then the method
    exercises the helper's stand-in."""
    scratch = _TestFacts(helper.name, helper.lineno)
    built: dict[str, str] = {}
    for node in ast.walk(helper):
        if isinstance(node, ast.Call):
            _note_mock(node, scratch)
            _note_setattr(node, scratch)
        elif isinstance(node, ast.Assign):
            _note_assigned_stand_in(node, scratch)
            value = node.value
            made = _call_name(value) if isinstance(value, ast.Call) else ""
            if made == "__new__" and isinstance(value, ast.Call) and value.args:
                made = _dotted(value.args[0])  # `object.__new__(Inventory)`
            if made in subject.classes:
                built.update((t.id, made) for t in node.targets if isinstance(t, ast.Name))
    found = set()
    for target in scratch.patched:
        root, dot, rest = target.partition(".")
        found.add(f"{built[root]}.{rest}" if dot and root in built else target)
    return found


def _note_setattr(node: ast.Call, facts: _TestFacts) -> None:
    """The builtin `setattr(obj, "name", Mock())` replaces `obj.name`."""
    if isinstance(node.func, ast.Name) and node.func.id == "setattr" and len(node.args) == 3 \
            and isinstance(node.args[1], ast.Constant) and isinstance(node.args[1].value, str) \
            and _stand_in(node.args[2]):
        facts.patched.add(f"{_dotted(node.args[0])}.{node.args[1].value}")


def _is_empty(body: list[ast.stmt]) -> bool:
    """Nothing but placeholders: `pass`, `...`, a docstring, a bare `return`, a skip
    (`pytest.skip("todo")`, `self.skipTest(...)`) or `raise NotImplementedError`. What
    follows a skip, a bare `return` or that raise never runs: placeholders up to one of
    them leave the test empty, whatever is written below."""
    for statement in body:
        if isinstance(statement, ast.Pass):
            continue
        if isinstance(statement, ast.Return) and statement.value is None:
            return True
        if isinstance(statement, ast.Expr) and isinstance(statement.value, ast.Call) and \
                _call_name(statement.value) in ("skip", "skipTest", "xfail"):
            return True
        if isinstance(statement, ast.Raise) and statement.exc is not None and \
                _dotted(statement.exc).split("(", 1)[0].endswith("NotImplementedError"):
            return True
        if isinstance(statement, ast.Expr) and isinstance(statement.value, ast.Constant) and \
                (isinstance(statement.value.value, str) or statement.value.value is Ellipsis):
            continue
        return False
    return True


def _zero_arg(call: ast.Call) -> bool:
    return bool(call.args) and isinstance(call.args[0], ast.Constant) and call.args[0].value == 0


def _is_mock_call(node: ast.Call) -> bool:
    name = _call_name(node)
    if name in MOCK_CALLS:
        return True
    func = node.func
    return (isinstance(func, ast.Attribute) and name in MOCK_METHODS
            and _dotted(func.value).rsplit(".", 1)[-1] in ("patch", "monkeypatch", "mocker",
                                                           "mock", "sinon", "jest"))


def _note_mock(node: ast.AST, facts: _TestFacts) -> None:
    call = node if isinstance(node, ast.Call) else None
    if call is None:
        if isinstance(node, (ast.Attribute, ast.Name)) and _dotted(node).endswith("patch"):
            facts.mocks += 1
        return
    if not _is_mock_call(call):
        return
    name = _call_name(call)
    # `patch.multiple(target, a=DEFAULT, b=DEFAULT)` replaces one thing per keyword
    facts.mocks += max(1, len(call.keywords)) if name == "multiple" else 1
    args = call.args
    if calls_through(call):
        return  # `patch.object(m, "f", wraps=m.f)`: a spy that runs the real thing
    if name == "patch" and args and isinstance(args[0], ast.Constant) and \
            isinstance(args[0].value, str):
        facts.patched.add(args[0].value)
    elif name in ("object", "setattr") and len(args) >= 2 and \
            isinstance(args[1], ast.Constant) and isinstance(args[1].value, str):
        facts.patched.add(f"{_dotted(args[0])}.{args[1].value}")
    elif name == "setattr" and args and isinstance(args[0], ast.Constant) and \
            isinstance(args[0].value, str):
        facts.patched.add(args[0].value)
    elif name == "multiple" and args:
        owner = args[0].value if isinstance(args[0], ast.Constant) and \
            isinstance(args[0].value, str) else _dotted(args[0])
        facts.patched |= {f"{owner}.{k.arg}" for k in call.keywords if k.arg}


def _scopes(test: ast.FunctionDef | ast.AsyncFunctionDef) -> list[ast.AST]:
    """The test and its class's setUp methods: where its objects are built."""
    scopes: list[ast.AST] = [test]
    owner = getattr(test, "_owner_node", None)
    if owner is not None:
        scopes += [item for item in owner.body if isinstance(item, ast.FunctionDef)
                   and item.name in SETUP_METHODS]
    return scopes


def _echoed(assertion: ast.AST, test: ast.AST, stubs: set[str]) -> str | None:
    """An equality whose checked side is the test's own call of a stub it configured."""
    sides = compared(assertion) if stubs else None
    if sides is None:
        return None
    bound = assignments(test)
    for side in sides:
        stub = stub_echo(side, stubs, bound)
        if stub:
            return f"it checks what {stub}, a stand-in the test configured, returns"
    return None


def _instances(test: ast.FunctionDef | ast.AsyncFunctionDef, subject: Subject
               ) -> dict[str, str]:
    """Names the test (or its class's setUp) binds to a new object of the subject's classes:
    `invoice = Invoice(...)`, `self.invoice = Invoice(...)`."""
    found: dict[str, str] = {}
    for scope in _scopes(test):
        for node in ast.walk(scope):
            if isinstance(node, ast.Assign) and isinstance(node.value, ast.Call) and \
                    _call_name(node.value) in subject.classes:
                found.update((_dotted(t), _call_name(node.value)) for t in node.targets)
    return found


INTERACTION_MARKS = ("call_args", "call_count", ".called", "mock_calls", "await_count",
                     "await_args")


def _patched_names(test: ast.FunctionDef | ast.AsyncFunctionDef) -> set[str]:
    """Names that hold a patched collaborator: the test's parameters (`@patch` hands them
    in, fixtures too), `with patch(...) as send`, `send = mocker.patch(...)`."""
    names = set(_parameters(test))
    for node in ast.walk(test):
        if isinstance(node, (ast.With, ast.AsyncWith)):
            names |= {item.optional_vars.id for item in node.items
                      if isinstance(item.optional_vars, ast.Name) and
                      isinstance(item.context_expr, ast.Call) and
                      _is_mock_call(item.context_expr)}
        elif isinstance(node, ast.Assign) and isinstance(node.value, ast.Call) and \
                _call_name(node.value) in ("patch", "object", "start") and \
                "patch" in _dotted(node.value.func):
            names |= {t.id for t in node.targets if isinstance(t, ast.Name)}
    return names


def _interaction(assertion: ast.AST, patched: Collection[str] = ()) -> bool:
    """A check of how a collaborator's method was called (`mailer.send.assert_called_once_with
    (...)`, `assert repo.save.call_count == 2`, or a patched function's own calls), not of
    what the code under test produced. A callback spy checked itself
    (`handler.assert_called_once()`) is the outcome of the code that calls it, not a
    collaborator's wiring."""
    if isinstance(assertion, ast.Call):
        name = _call_name(assertion)
        target = assertion.func.value if isinstance(assertion.func, ast.Attribute) else None
        return (isinstance(target, ast.Attribute) or isinstance(target, ast.Name)
                and target.id in patched) and name.startswith((
                "assert_called", "assert_not_called", "assert_has_calls", "assert_any_call",
                "assert_awaited", "assert_not_awaited"))
    if isinstance(assertion, ast.Assert):
        seen = _dotted(assertion.test)
        return any(mark in seen for mark in INTERACTION_MARKS)
    return False


def _rebuilt(assertion: ast.AST, test: ast.AST, subject: Subject,
             helpers: dict[str, ast.FunctionDef]) -> str | None:
    """An equality whose one side calls the code under test and whose other side is built
    by the test (or a helper of its file it calls) in two or more of the code's own
    computing steps (`discount = (subtotal * pct / 100).quantize(CENT)`, then the tax, then
    `subtotal - discount + tax`): the expectation rebuilds the implementation."""
    sides = compared(assertion)
    if sides is None:
        return None
    bound = assignments(test)
    for checked, built in (sides, sides[::-1]):
        runs = called_names(resolved(checked, bound)) & subject.functions
        if not runs or called_names(resolved(built, bound)) & runs:
            continue  # the same function on other inputs is a property, not a rebuild
        scopes: list[ast.AST] = [helpers[name] for name in called_names(
            resolved(built, bound)) if name in helpers]
        if isinstance(built, ast.Name):
            scopes += feeding(built.id, test)
        if repeated_steps(scopes, subject.steps):
            return "expected value rebuilds the implementation's computing steps"
        if expression_steps(built) & subject.steps and _reads_an_input(built, test):
            return "expected value repeats a computing step of the implementation on the input"
        if _folded(resolved(built, bound), resolved(checked, bound), subject) and \
                _reads_an_input(built, test):
            return "expected value recomputes the checked code's arithmetic on the test's input"
    return None


def _folded(built: ast.expr, checked: ast.expr, subject: Subject) -> bool:
    """`built` computes, without the code under test, with two operations or more and only
    the operators the checked function itself uses (`sum(p * q for p, q in lines)` against
    a `subtotal()` that adds `price * qty` in a loop)."""
    used = operators_of(built)
    count = operators(built)
    if "sum" in called_names(built):  # `sum(...)` adds
        used, count = used | {"Add"}, count + 1
    if count < 2 or not used or called_names(built) & subject.functions:
        return False
    return any(used <= subject.operators.get(name, frozenset())
               for name in called_names(checked) & subject.functions)


def _reads_an_input(built: ast.expr, test: ast.AST) -> bool:
    """`built` reads a name the test bound and also used to set up the code under test
    (`kelvin = 280.0` in the payload, then `round(kelvin - 273.15, 1)`): it is computed from
    the test's input, not written down by hand."""
    bound = set(assignments(test))
    read = {n.id for n in ast.walk(built) if isinstance(n, ast.Name) and n.id in bound}
    loads = [n.id for n in ast.walk(test) if isinstance(n, ast.Name) and
             isinstance(n.ctx, ast.Load) and n.id in read]
    return any(loads.count(name) >= 2 for name in read)  # read here and somewhere else


def _overrides(tree: ast.Module, subject: Subject) -> dict[str, set[str]]:
    """The file's subclasses of the module's classes and the module's methods each one
    replaces (`class StubBucket(TokenBucket)` defining its own `allow`)."""
    found: dict[str, set[str]] = {}
    for node in ast.walk(tree):
        if isinstance(node, ast.ClassDef) and any(
                _dotted(base).rsplit(".", 1)[-1] in subject.classes for base in node.bases):
            found[node.name] = {item.name for item in node.body if isinstance(
                item, (ast.FunctionDef, ast.AsyncFunctionDef)) and item.name in
                subject.functions and not item.name.startswith("__")} - subject.boundaries
    return found


def _overridden_call(test: ast.FunctionDef | ast.AsyncFunctionDef,
                     overrides: dict[str, set[str]]) -> str | None:
    """A method the test calls on an instance of a subclass that replaces that very method
    (`StubBucket(...).allow()`): the test checks the stand-in, not the code under test. A
    subclass replacing an edge while the test calls another method is a fake."""
    if not any(overrides.values()):
        return None
    built = {_dotted(target): _call_name(node.value) for node in ast.walk(test)
             if isinstance(node, ast.Assign) and isinstance(node.value, ast.Call)
             and _call_name(node.value) in overrides for target in node.targets}
    for node in ast.walk(test):
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute):
            owner = node.func.value
            cls = _call_name(owner) if isinstance(owner, ast.Call) else \
                built.get(_dotted(owner), "")
            if node.func.attr in overrides.get(cls, ()):
                return f"{cls}.{node.func.attr}"
    return None


def _sut_patched(facts: _TestFacts, subject: Subject,
                 instances: dict[str, str] | None = None,
                 echoed: Collection[str] = ()) -> str | None:
    """A patched target that is the code under test: a function of the module under test (or
    a method of one of its classes, on the class or on an instance the test built: `instances`
    maps `invoice` and `self.invoice` to `Invoice`), or a name the test also calls directly
    (it then tests its own stand-in). A function whose stand-in's return value is the very
    value the test checks (`echoed`, see `_answered_by_stand_in`) is never a mere
    collaborator."""
    instances = instances or {}
    for target in sorted(facts.patched):
        last = target.rsplit(".", 1)[-1]
        head = target.rsplit(".", 1)[0] if "." in target else ""
        module = subject.module or ""
        short = module.rsplit(".", 1)[-1]
        owners = {module, short}
        owner_class = instances.get(head, head).rsplit(".", 1)[-1]
        if owner_class in subject.classes and last in CONSTRUCTION and \
                facts.called & subject.functions - CONSTRUCTION - {owner_class}:
            continue  # construction skipped to reach the method the test runs: setup
        if owner_class in subject.classes and last in CONSTRUCTION and \
                owner_class in facts.called:
            return target  # building the object is all the test runs, and it is replaced
        if owner_class in subject.classes and last in subject.functions and \
                last not in subject.boundaries:
            # a method of one of the module's classes: the code under test when the test
            # exercises that class itself (`invoice.total()` with `invoice.tax` replaced),
            # a collaborator when the class is only reached through another object
            exercised = {instances.get(r, r).rsplit(".", 1)[-1] for r in facts.receivers}
            if owner_class in exercised or last in facts.called:
                return target
            continue
        if module and last in subject.functions and last not in subject.boundaries and (
                head in owners or head.endswith("." + short) or any(
                    head.startswith(owner + ".") for owner in owners)):
            if last not in echoed and _collaborator_of_a_class(last, facts, subject,
                                                                instances):
                continue
            return target  # the module's own logic (a boundary of it is a collaborator)
        if "." not in target and last not in subject.functions:
            continue  # a local stand-in (`key = lambda t: t[1]`) replaces nothing under test
        if last in facts.called and last not in ("sleep", "time", "now", "urlopen", "get",
                                                 "post", "open"):
            return target
    return None


def _collaborator_of_a_class(function: str, facts: _TestFacts, subject: Subject,
                             instances: dict[str, str]) -> bool:
    """A function of the module outside its classes, replaced while the test exercises one
    of those classes (builds it or calls its methods) and calls none of the module's
    functions itself: the class is what the test claims to test, and the function a
    collaborator it uses (`render_subject` under `NotificationService.send_welcome`). The
    caller first sets aside a function whose stand-in returns the value checked
    (`_answered_by_stand_in`): `Cart.total()` returning `compute_total(...)` patched to 42 and checked
    against 42 tests the stand-in."""
    if function not in subject.top_level or function in facts.called:
        return False
    exercised = {instances.get(r, r).rsplit(".", 1)[-1] for r in facts.receivers} | \
        facts.called
    return bool(exercised & subject.classes) and not facts.called & subject.top_level


def _answered_by_stand_in(test: ast.FunctionDef | ast.AsyncFunctionDef,
                          assertions: Sequence[ast.AST]) -> set[str]:
    """Functions the test patches with a return value (`patch("cart.compute_total",
    return_value=42)`, `patch.object(cart, "compute_total", return_value=42)`,
    `with patch(...) as total: total.return_value = 42`) that an assertion then checks as
    its expected value (`assert cart.total() == 42`, `assertEqual(cart.total(), 42)`): what
    the test verifies is its own stand-in's answer."""
    returns: dict[str, set[str]] = {}  # function → dumps of the values it was made to return
    holders: dict[str, str] = {}  # `with patch(...) as total` → the function it replaces

    def target(call: ast.Call) -> str:
        args = [a.value for a in call.args[:2]
                if isinstance(a, ast.Constant) and isinstance(a.value, str)]
        if _call_name(call) == "object":
            return args[0] if args else ""
        return args[0].rsplit(".", 1)[-1] if args else ""

    for node in ast.walk(test):
        if isinstance(node, ast.Call) and _is_mock_call(node) and \
                "patch" in _dotted(node.func):
            for keyword in node.keywords:
                if keyword.arg == "return_value" and target(node):
                    returns.setdefault(target(node), set()).add(ast.dump(keyword.value))
        if isinstance(node, (ast.With, ast.AsyncWith)):
            holders |= {item.optional_vars.id: target(item.context_expr)
                        for item in node.items if isinstance(item.optional_vars, ast.Name)
                        and isinstance(item.context_expr, ast.Call)
                        and "patch" in _dotted(item.context_expr.func)}
    for node in ast.walk(test):
        if isinstance(node, ast.Assign) and len(node.targets) == 1 and \
                isinstance(node.targets[0], ast.Attribute) and \
                node.targets[0].attr == "return_value" and \
                isinstance(node.targets[0].value, ast.Name):
            name = node.targets[0].value.id
            returns.setdefault(holders.get(name) or name, set()).add(ast.dump(node.value))
    if not returns:
        return set()
    checked = {ast.dump(side) for assertion in assertions
               for side in compared(assertion) or ()}
    return {function for function, values in returns.items() if values & checked}


VALUE_READERS = frozenset({"len", "list", "dict", "set", "tuple", "str", "int", "float", "bool",
                           "sorted", "repr", "isinstance", "type", "any", "all", "sum", "round",
                           "abs", "approx", "frozenset", "getattr", "hasattr"})
"""Calls that only read a value (`len(result)`): an assertion is about what they read."""


def _subject_of(value: ast.AST | None) -> str:
    """What an assertion is about: the first function its value calls, else its root name."""
    if value is None:
        return ""
    local = {n.id for c in ast.walk(value) if isinstance(c, ast.comprehension)
             for n in ast.walk(c.target) if isinstance(n, ast.Name)}
    for node in ast.walk(value):
        if isinstance(node, ast.Call) and _call_name(node) not in VALUE_READERS:
            # a call with arguments is its own result: `slugify("a b")` and `slugify("")`
            # are two things checked, `total()` read twice is one
            return _dotted(node) if _acts(node) else _call_name(node) or _dotted(node.func)
        if isinstance(node, ast.Name) and node.id not in VALUE_READERS | local:
            return node.id
    return _dotted(value)


def _bare_unittest_assertion(call: ast.Call) -> bool:
    """`self.assertEqual(a, b)` without `msg`: an assertion a failure does not explain."""
    func = call.func
    if not (isinstance(func, ast.Attribute) and isinstance(func.value, ast.Name)
            and func.value.id in ("self", "cls") and func.attr.startswith("assert")):
        return False
    if any(k.arg == "msg" for k in call.keywords):
        return False
    position = UNITTEST_MESSAGE_AT.get(func.attr)
    return position is not None and len(call.args) <= position


def _expected_literals(assertion: ast.AST) -> set[int]:
    """The nodes of an assertion's literal expected value (`== 1481.4`, `approx(3.14159)`,
    `assertEqual(x, 86400)`): a literal expectation is what a good test holds, never magic."""
    sides: list[ast.expr] = []
    checked = assertion.test if isinstance(assertion, ast.Assert) else None
    if isinstance(checked, ast.Call) and _call_name(checked) in CLOSE_CHECKS:
        sides = list(checked.args[1:]) + [k.value for k in checked.keywords]
        checked = None
    if isinstance(checked, ast.Compare):
        sides = [checked.left, *checked.comparators]
    elif isinstance(assertion, ast.Call):
        sides = list(assertion.args) + [k.value for k in assertion.keywords]
    found: set[int] = set()
    for side in sides:
        # `abs(actual - 299.71) < 0.01`: the literal the actual is measured against
        for inner in ast.walk(side):
            if isinstance(inner, ast.Call) and _call_name(inner) == "abs" and inner.args and \
                    isinstance(inner.args[0], ast.BinOp) and \
                    isinstance(inner.args[0].op, ast.Sub):
                found |= {id(n) for n in ast.walk(inner.args[0].right)}
        if all(isinstance(n, (ast.Constant, ast.UnaryOp, ast.unaryop, ast.List, ast.Tuple,
                              ast.Set, ast.Dict, ast.expr_context, ast.BinOp, ast.operator,
                              ast.Name, ast.Attribute, ast.keyword)) or (
                isinstance(n, ast.Call) and _builds_expected(n)) for n in ast.walk(side)) and \
                not isinstance(side, (ast.Name, ast.Attribute)):
            found |= {id(n) for n in ast.walk(side)}
    return found


CLOSE_CHECKS = frozenset({"isclose", "allclose", "assert_allclose", "assert_almost_equal"})
EXPECTED_BUILDERS = frozenset({"approx", "Decimal", "Fraction", "date", "datetime", "time",
                               "timedelta", "call", "ANY", "dict", "list", "tuple", "set",
                               "frozenset", "round", "float", "int", "str"})


def _builds_expected(call: ast.Call) -> bool:
    """`approx(3.14)`, `Decimal("20.00")`, `Money(1999, "EUR")`: a value built of literals to
    compare against, its numbers the expectation itself."""
    name = _call_name(call)
    return name in EXPECTED_BUILDERS or name[:1].isupper()


def digits(value: object) -> str:
    """The digits a literal shows: `1234.5` → `12345`, `'€1,234.50'` → `123450`."""
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        value = repr(abs(value))
    return "".join(c for c in str(value) if c.isdigit())


def _magic_number(assertion: ast.AST, shown: str = "") -> float | None:
    """An unexplained literal: a large number or one with many decimals (86400, 3.14159),
    but never in the literal expected value, nor an input whose digits an expected text of
    the test shows (`format_amount(1999) == "19.99 EUR"`, `year=2024` → `"INV-2024-7"`): the
    text says what the number is; the same number expected back says nothing."""
    checked = assertion.test if isinstance(assertion, ast.Assert) else assertion
    expected = _expected_literals(assertion)
    for node in ast.walk(checked):
        if id(node) in expected:
            continue
        if isinstance(node, ast.Constant) and isinstance(node.value, (int, float)) and \
                not isinstance(node.value, bool) and node.value not in PLAIN_NUMBERS:
            value = node.value
            if (abs(value) >= 1000 or (isinstance(value, float) and len(repr(value)) > 5)) \
                    and digits(value) not in shown:
                return value
    return None


def _patches_sleep(tree: ast.AST) -> bool:
    """`sleep` patched out (monkeypatch, mock.patch, fake timers) makes a sleep harmless."""
    for node in ast.walk(tree):
        if isinstance(node, ast.Call) and _is_mock_call(node):
            text = _dotted(node)
            if "sleep" in text:
                return True
        if isinstance(node, ast.Call) and _call_name(node) in ("freeze_time", "useFakeTimers"):
            return True
    return False

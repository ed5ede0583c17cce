"""Stand-ins a Python test makes and then calls itself (issue #28 item 6).

Two smells share one shape: the test calls a stand-in directly, so what it checks is what it
told the stand-in to do. When the stand-in is built from the code under test
(`svc = create_autospec(OrderService)`, then `svc.place(...)`) the test replaced what it
claims to test (`mocks_sut`); when it stands in for a collaborator (`store.save.return_value =
"ok"`, then `assert store.save(x) == "ok"`), the expected value is the test's own
configuration handed back (`tautology`). Pure code over the `ast`.
"""

from __future__ import annotations

import ast
from collections.abc import Collection

SPEC_FACTORIES = frozenset({"create_autospec", "Mock", "MagicMock", "NonCallableMock",
                            "NonCallableMagicMock", "AsyncMock"})
"""Mock factories that take the object they imitate (`spec`, or `create_autospec`'s first
argument)."""
STUB_FACTORIES = SPEC_FACTORIES | {"patch", "object"}
CONFIGURED = ("return_value", "side_effect")
CONSTRUCTION = frozenset({"__init__", "__new__"})
"""Patched to skip building an object: setup, unless building it is all the test does."""


def _name(node: ast.AST) -> str:
    if isinstance(node, ast.Attribute):
        return node.attr
    return node.id if isinstance(node, ast.Name) else ""


def dotted(node: ast.AST) -> str:
    """The source of a node, or '' for one `ast.unparse` cannot write."""
    try:
        return ast.unparse(node)
    except (AttributeError, TypeError, ValueError, RecursionError):  # odd or deep nodes
        return ""


def spec_of(call: ast.Call) -> str:
    """The last name of what a mock factory imitates, or ''."""
    if _name(call.func) not in SPEC_FACTORIES:
        return ""
    spec = next((k.value for k in call.keywords if k.arg in ("spec", "spec_set")), None)
    if spec is None and call.args:
        spec = call.args[0]
    return dotted(spec).rsplit(".", 1)[-1] if spec is not None else ""


def calls_through(call: ast.Call) -> bool:
    """`patch.object(stats, "mean", wraps=stats.mean)`: a spy that runs the real function,
    unless the same call gives it a behaviour of its own."""
    given = {k.arg for k in call.keywords}
    return "wraps" in given and not given & set(CONFIGURED)


def called_stand_in(scopes: list[ast.AST], test: ast.AST, classes: Collection[str],
                    functions: Collection[str], boundaries: Collection[str]) -> str:
    """`svc = create_autospec(OrderService)` (in the test or its setUp) and then
    `svc.place(...)` in the test: the method it calls is a stand-in of the module's own logic.
    A spec'd stand-in handed to the code under test is a collaborator, never called here."""
    own = set(functions) - set(boundaries)
    stand_ins: dict[str, str] = {}
    for scope in scopes:
        for node in ast.walk(scope):
            if isinstance(node, ast.Assign) and isinstance(node.value, ast.Call):
                spec = spec_of(node.value)
                if spec in classes or spec in own:
                    stand_ins.update((dotted(t), spec) for t in node.targets)
    for node in ast.walk(test):
        if not isinstance(node, ast.Call):
            continue
        func = node.func
        if dotted(func) in stand_ins and stand_ins[dotted(func)] in own:
            return stand_ins[dotted(func)]
        if isinstance(func, ast.Attribute) and dotted(func.value) in stand_ins and \
                stand_ins[dotted(func.value)] in classes and func.attr in own:
            return f"{stand_ins[dotted(func.value)]}.{func.attr}"
    return ""


def configured_stubs(test: ast.AST) -> set[str]:
    """Callables the test gave a behaviour of its own: `store.save.return_value = ...`,
    `Mock(return_value=...)`, `patch(..., return_value=...)` bound by `as` or `=`."""
    found: set[str] = set()
    for node in ast.walk(test):
        if isinstance(node, ast.Assign):
            for target in node.targets:
                if isinstance(target, ast.Attribute) and target.attr in CONFIGURED:
                    found.add(dotted(target.value))
                elif isinstance(node.value, ast.Call) and _configures(node.value):
                    found.add(dotted(target))
        elif isinstance(node, (ast.With, ast.AsyncWith)):
            found |= {dotted(item.optional_vars) for item in node.items
                      if item.optional_vars is not None and
                      isinstance(item.context_expr, ast.Call) and
                      _configures(item.context_expr)}
    return found - {""}


def _configures(call: ast.Call) -> bool:
    return _name(call.func) in STUB_FACTORIES and any(k.arg in CONFIGURED
                                                        for k in call.keywords)


def stub_echo(checked: ast.expr, stubs: Collection[str], bound: dict[str, ast.expr]) -> str:
    """The checked value is a call of a stub the test configured, made by the test itself
    (`assert store.save(["a"]) == "saved"`, or through a name bound to that call), or its
    `return_value` read back: the check reads the test's own configuration, whatever the code
    under test did."""
    value = bound.get(checked.id, checked) if isinstance(checked, ast.Name) else checked
    if isinstance(value, ast.Await):
        value = value.value
    if isinstance(value, ast.Call) and dotted(value.func) in stubs:
        return dotted(value.func)
    if isinstance(value, ast.Attribute) and value.attr == "return_value" and \
            dotted(value.value) in stubs:
        return dotted(value.value)  # `clock.return_value`: the configuration itself
    return ""


RECORD_READS = frozenset({"called", "call_count", "call_args", "call_args_list", "mock_calls",
                          "await_count", "awaited"})
"""What a Mock records of its calls: read by an interaction check."""


def self_called_mock(test: ast.AST) -> str:
    """A Mock the test makes, calls itself and checks was called, never handing it to
    anything (`notify = Mock()`, `notify("done")`, `notify.assert_called_once_with("done")`):
    the check holds by construction, whatever the code under test does. The name, or ""."""
    parents = {id(child): node for node in ast.walk(test) for child in ast.iter_child_nodes(node)}
    made = {node.targets[0].id for node in ast.walk(test)
            if isinstance(node, ast.Assign) and len(node.targets) == 1
            and isinstance(node.targets[0], ast.Name) and isinstance(node.value, ast.Call)
            and _name(node.value.func) in SPEC_FACTORIES and not node.value.args}
    for name in sorted(made):
        called = checked = False
        for use in ast.walk(test):
            if not (isinstance(use, ast.Name) and use.id == name):
                continue
            parent = parents.get(id(use))
            if isinstance(use.ctx, ast.Store):
                continue
            if isinstance(parent, ast.Call) and parent.func is use:
                called = True
            elif isinstance(parent, ast.Attribute) and (parent.attr.startswith("assert_") or
                                                        parent.attr in RECORD_READS):
                checked = True
            else:
                break  # handed to something, or used otherwise: the code may call it
        else:
            if called and checked:
                return name
    return ""

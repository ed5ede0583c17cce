"""Stubs a JavaScript or TypeScript test configures and then calls itself (issue #28 item 6).

`const store = { save: sinon.stub().resolves('saved') }` and then
`expect(await store.save(['a'])).to.equal('saved')`: the expected value is the test's own
configuration handed back, whatever the code under test did, so the check is a tautology. A
stub handed to the code under test, whose result is what the test checks, is a collaborator.
Tree-sitter nodes; no test is run.
"""

from __future__ import annotations

from collections.abc import Collection, Iterable

from tree_sitter import Node

from bot.chains.tests.jsast import (
    args_of,
    callee,
    member_path,
    string_value,
    text,
    unwrap,
    walk,
)

STUBBING = frozenset({"mockReturnValue", "mockReturnValueOnce", "mockImplementation",
                      "mockImplementationOnce", "mockResolvedValue", "mockResolvedValueOnce",
                      "mockRejectedValue", "mockRejectedValueOnce", "mockReturnThis",
                      "returns", "resolves", "rejects", "callsFake", "throws", "returnsArg",
                      "returnsThis", "resolvesArg", "resolvesThis", "throwsArg", "callsArg",
                      "callsArgWith", "yields", "yieldsTo"})
"""Methods that give a stub or a spy behaviour of its own (jest, vitest, sinon): the one list
for both readers. A selector (`withArgs`, `onCall`, `onFirstCall`) gives none by itself; a
chain through one (`stub.withArgs(1).returns(2)`) is read to the stub it starts from."""
FACTORIES = frozenset({"fn", "stub", "func"})
"""`jest.fn`, `vi.fn`, `sinon.stub`, `td.func`: a stand-in made from nothing."""
CHAIN = frozenset({"call_expression", "member_expression", "await_expression",
                   "parenthesized_expression", "as_expression", "non_null_expression"})


def _path(node: Node | None) -> str:
    return ".".join(member_path(unwrap(node)))


def _holder(node: Node) -> str:
    """The name a stub expression ends up bound to: a variable, an object's key under a
    variable (`store.save`), or an assigned member."""
    top = node
    while top.parent is not None and top.parent.type in CHAIN:
        top = top.parent
    parent = top.parent
    if parent is None:
        return ""
    if parent.type == "variable_declarator":
        return text(parent.child_by_field_name("name"))
    if parent.type == "assignment_expression":
        return _path(parent.child_by_field_name("left"))
    if parent.type == "pair" and parent.parent is not None and parent.parent.type == "object":
        key = parent.child_by_field_name("key")
        owner = _holder(parent.parent)
        return f"{owner}.{string_value(key) or text(key)}" if owner and key is not None else ""
    return ""


def _factory(call: Node) -> bool:
    path = member_path(unwrap(callee(call)))
    return len(path) > 1 and path[-1] in FACTORIES


def configured_stubs(scopes: Iterable[Node | None]) -> set[str]:
    """Callables the test (or its hooks) gave a behaviour of their own: a factory with an
    implementation (`jest.fn(() => 1)`), a stubbing call on a factory or on a name
    (`save.mockResolvedValue(1)`), `sinon.stub(obj, 'm').returns(1)` (then `obj.m`)."""
    found: set[str] = set()
    for scope in scopes:
        if scope is None:
            continue
        for node in walk(scope):
            if node.type != "call_expression":
                continue
            function = unwrap(callee(node))
            if function is None:
                continue
            if _factory(node) and args_of(node) and member_path(function)[-1] == "fn":
                found.add(_holder(node))
                continue
            if function.type != "member_expression" or \
                    text(function.child_by_field_name("property")) not in STUBBING:
                continue
            target = unwrap(function.child_by_field_name("object"))
            while target is not None and target.type == "call_expression" and not \
                    _factory(target):  # `stub().onFirstCall().returns(1)`
                inner = unwrap(callee(target))
                target = unwrap(inner.child_by_field_name("object")) if inner is not None \
                    and inner.type == "member_expression" else None
            if target is None:
                continue
            if target.type == "call_expression":
                args = args_of(target)
                named = string_value(args[1]) if len(args) >= 2 else None
                found.add(f"{_path(args[0])}.{named}" if named else _holder(target))
            else:
                found.add(_path(target))
    return found - {""}


def stub_echo(checked: Node | None, stubs: Collection[str],
              bound: dict[str, Node]) -> str:
    """The checked value is the test's own call of a stub it configured (or a name bound to
    that call), or the stub's own record of what it returned: the check reads back the
    test's configuration."""
    value = unwrap(checked)
    if value is not None and value.type == "identifier" and text(value) in bound:
        value = unwrap(bound[text(value)])
    if value is not None and value.type in ("member_expression", "subscript_expression"):
        # what the stub returned, as its own record keeps it: the configuration read back
        written = text(value)
        for record in RESULT_RECORDS:
            if record in written and written[:written.index(record)] in stubs:
                return written[:written.index(record)]
    if value is None or value.type != "call_expression":
        return ""
    called = _path(callee(value))
    return called if called in stubs else ""


RESULT_RECORDS = (".mock.results", ".returnValues", ".firstCall.returnValue",
                  ".lastCall.returnValue")
"""Where jest/vitest and sinon keep what a stand-in returned (`now.mock.results[0].value`)."""


INSTANCE_FACTORIES = frozenset({"createStubInstance", "mock", "mockDeep"})
"""`sinon.createStubInstance(Queue)`, jest-mock-extended's `mock<Queue>()`: an object whose
every method is a stub."""


def called_stand_in(scopes: Iterable[Node | None], body: Node, classes: Collection[str],
                    own: Collection[str]) -> str:
    """`const q = sinon.createStubInstance(Queue)` (in the test or a hook) and then
    `q.drain()` in the test: the method it calls is a stand-in of the module's own logic. A
    stub instance handed to the code under test is a collaborator, never called here."""
    stand_ins: dict[str, str] = {}
    for scope in scopes:
        for node in walk(scope) if scope is not None else ():
            if node.type != "call_expression" or \
                    member_path(unwrap(callee(node)))[-1] not in INSTANCE_FACTORIES:
                continue
            args = args_of(node)
            types = node.child_by_field_name("type_arguments")
            imitated = member_path(unwrap(args[0]))[-1] if args else \
                text(types.named_children[0]) if types is not None and \
                types.named_children else ""
            if imitated in classes and _holder(node):
                stand_ins[_holder(node)] = imitated
    for node in walk(body):
        function = unwrap(callee(node)) if node.type == "call_expression" else None
        if function is None or function.type != "member_expression":
            continue
        owner = _path(function.child_by_field_name("object"))
        method = text(function.child_by_field_name("property"))
        if owner in stand_ins and method in own:
            return f"{stand_ins[owner]}.{method}"
    return ""



RECORD_READS = frozenset({"mock", "calls", "callCount", "called", "calledOnce", "calledTwice",
                          "calledWith", "calledOnceWith", "calledWithExactly", "args",
                          "firstCall", "lastCall", "getCall", "notCalled"})
"""What a stand-in records of its calls (jest/vitest's `.mock`, sinon's `.callCount`)."""


def self_called_mock(body: Node) -> str:
    """A stand-in the test makes from nothing, calls itself and checks was called, never
    handing it to anything (`const onDone = vi.fn(); onDone('x');
    expect(onDone).toHaveBeenCalledWith('x')`): the check holds by construction, whatever the
    code under test does. The name, or ""."""
    made: set[str] = set()
    for node in walk(body):
        value = unwrap(node.child_by_field_name("value")) if node.type == "variable_declarator" \
            else None
        target = node.child_by_field_name("name") if value is not None else None
        if value is not None and target is not None and target.type == "identifier" and \
                value.type == "call_expression" and \
                member_path(unwrap(callee(value)))[-1] in FACTORIES and not args_of(value):
            made.add(text(target))
    for name in sorted(made):
        called = checked = False
        for use in walk(body):
            if use.type != "identifier" or text(use) != name:
                continue
            parent = use.parent
            if parent is None or parent.type == "variable_declarator":
                continue
            if parent.type == "call_expression" and parent.child_by_field_name("function") == use:
                called = True
            elif _records_read(parent):
                checked = True
            else:
                break  # handed to something, or used otherwise: the code may call it
        else:
            if called and checked:
                return name
    return ""


def _records_read(parent: Node) -> bool:
    """Whether a stand-in's use under `parent` reads what it recorded: `fn.mock.calls`,
    `stub.callCount`, `expect(fn)`, `sinon.assert.calledWith(stub, ...)`."""
    if parent.type == "member_expression":
        return text(parent.child_by_field_name("property")) in RECORD_READS
    if parent.type != "arguments" or parent.parent is None:
        return False
    path = member_path(unwrap(callee(parent.parent)))
    return path[0] == "expect" or path[:2] == ["sinon", "assert"]

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

from bot.chains.tests.jsast import args_of, callee, member_path, string_value, text, unwrap

STUBBING = frozenset({"mockReturnValue", "mockReturnValueOnce", "mockImplementation",
                      "mockImplementationOnce", "mockResolvedValue", "mockResolvedValueOnce",
                      "mockRejectedValue", "mockRejectedValueOnce", "returns", "resolves",
                      "rejects", "callsFake", "throws", "mockReturnThis", "returnsArg",
                      "yields", "onCall", "onFirstCall", "withArgs"})
"""Methods that give a stub behaviour of its own."""
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
        stack = [scope]
        while stack:
            node = stack.pop()
            stack.extend(node.children)
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
    that call): the check reads back the test's configuration."""
    value = unwrap(checked)
    if value is not None and value.type == "identifier" and text(value) in bound:
        value = unwrap(bound[text(value)])
    if value is None or value.type != "call_expression":
        return ""
    called = _path(callee(value))
    return called if called in stubs else ""

"""The red test's literal values, read from the diff, so special-casing of them can be spotted.

A test id names a file and a test (`tests/test_x.py::TestA::test_b[param]`, `src/a.test.ts >
suite > name`, `TestParse`, `com.acme.FooTest#bar`). When the test was added in the diff we
read the literals inside its body; otherwise the caller passes them in.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass

from tree_sitter import Node

from bot.validator.context import ChangedFile
from bot.validator.filekinds import JS_LIKE
from bot.validator.syntax import Fragment, iter_nodes

_STRING_NODES = frozenset(
    {
        "string",
        "interpreted_string_literal",
        "raw_string_literal",
        "string_literal",
        "template_string",
    }
)
_NUMBER_NODES = frozenset(
    {
        "integer",
        "float",
        "number",
        "int_literal",
        "float_literal",
        "decimal_integer_literal",
        "decimal_floating_point_literal",
        "hex_integer_literal",
    }
)
_FUNCTION_NODES = frozenset(
    {"function_definition", "function_declaration", "method_declaration", "call_expression"}
)
_TEST_CALLEES = re.compile(r"^(it|test|specify|scenario)(\.(each|concurrent|only|skip)\b.*)?$")


@dataclass(frozen=True)
class TestId:
    path: str | None
    name: str | None


def parse_test_id(test_id: str) -> TestId:
    """Split a runner's test id into (file path if any, innermost test name)."""
    text = test_id.strip()
    go_test = re.match(r"^((Test|Benchmark|Example|Fuzz)\w*)(/|$)", text)
    if go_test:  # Go: `TestParse/with_days` names the top-level test function
        return TestId(path=None, name=go_test.group(1))
    parts = [p.strip() for p in re.split(r"::| > | › ", text) if p.strip()]
    if len(parts) > 1:
        head = parts[0]
        return TestId(path=head if _looks_like_path(head) else None, name=_bare(parts[-1]))
    if "#" in text:
        _klass, method = text.rsplit("#", 1)
        return TestId(path=None, name=_bare(method))
    if _looks_like_path(text):
        return TestId(path=text, name=None)
    name = text.rsplit("/", 1)[-1] if "/" in text else text.rsplit(".", 1)[-1]
    return TestId(path=None, name=_bare(name))


def _looks_like_path(text: str) -> bool:
    return "/" in text or bool(re.search(r"\.(py|[cm]?[jt]sx?|go|java|kt|rb)$", text))


def _bare(name: str) -> str:
    return re.sub(r"\[.*\]$", "", name).strip()


def literal_value(node: Node, fragment: Fragment) -> str | None:
    text = fragment.text(node)
    if node.type in _NUMBER_NODES:
        return text.replace("_", "")
    if node.type in _STRING_NODES:
        if any(c.type in ("interpolation", "template_substitution") for c in node.children):
            return None
        match = re.match(r'^[rRbBuUfF]{0,2}("""|\'\'\'|"|\'|`)(.*)\1$', text, re.DOTALL)
        return match.group(2) if match else None
    return None


def red_test_literals(test_files: Iterable[ChangedFile], red_test: str | None) -> frozenset[str]:
    """Literals inside the red test's body when the diff adds it; else inside all added tests."""
    test_id = parse_test_id(red_test) if red_test else TestId(None, None)
    files = [f for f in test_files if test_id.path is None or _same_path(f.path, test_id.path)]
    values: set[str] = set()
    for changed in files:
        for fragment in changed.fragments:
            for scope in _test_scopes(changed, fragment, test_id.name):
                for node in iter_nodes(scope, _STRING_NODES | _NUMBER_NODES):
                    if scope is fragment.tree.root_node and not fragment.is_added(node):
                        continue
                    value = literal_value(node, fragment)
                    if value is not None:
                        values.add(value)
    return frozenset(values)


def _same_path(a: str, b: str) -> bool:
    a, b = a.lstrip("./"), b.lstrip("./")
    return a == b or a.endswith("/" + b) or b.endswith("/" + a)


def _test_scopes(changed: ChangedFile, fragment: Fragment, name: str | None) -> list[Node]:
    if not name:
        return [fragment.tree.root_node]
    found = []
    for node in fragment.walk(_FUNCTION_NODES):
        if node.type == "call_expression":
            if changed.language not in JS_LIKE:
                continue
            callee = node.child_by_field_name("function")
            args = node.child_by_field_name("arguments")
            if callee is None or args is None or not _TEST_CALLEES.match(fragment.text(callee)):
                continue
            first = next(iter(args.named_children), None)
            title = literal_value(first, fragment) if first is not None else None
            if title is not None and (title == name or name in title):
                found.append(node)
            continue
        name_node = node.child_by_field_name("name")
        if name_node is not None and fragment.text(name_node) == name:
            found.append(node)
    return found

"""Tree-sitter helpers for JavaScript and TypeScript test and source files (gates 4 and 5).

The per-language grammar wheels (`tree-sitter-javascript`, `tree-sitter-typescript`) through
the code graph's parser cache; a file's suffix picks the grammar (`.ts` TypeScript, `.tsx` TSX,
the rest JavaScript with JSX). Everything here reads; nothing is imported or run.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import PurePosixPath

from tree_sitter import Node, Tree

from bot.codegraph.languages import language_for, parser

JS_SUFFIXES = (".js", ".mjs", ".cjs", ".jsx", ".ts", ".mts", ".cts", ".tsx")
DECLARED_TEST_NAME = ("test", "spec")
"""`<name>.test.js`, `<name>.spec.ts`: the runners' default test file names."""


def is_js(path: str) -> bool:
    """A JavaScript or TypeScript file, by its suffix."""
    return PurePosixPath(path).suffix.lower() in JS_SUFFIXES


def grammar_of(path: str) -> str:
    found = language_for(PurePosixPath(path).name)
    return found if found in ("javascript", "typescript", "tsx") else "javascript"


TYPE_IMPORT = re.compile(rb"""typeof\s+import\s*\(\s*(['"])[^'"\n]*\1\s*\)""")
"""`typeof import('./m')`, vitest's `importOriginal<typeof import('./m')>()`: valid TypeScript
the grammar does not parse as a type argument."""


def parse(source: str | bytes, path: str) -> tuple[Tree, bytes]:
    """The file's syntax tree. Where the grammar fails on valid TypeScript it does not know
    (`TYPE_IMPORT`), the type is read as `any` of the same length, so every offset holds."""
    data = source.encode("utf-8") if isinstance(source, str) else source
    tree = parser(grammar_of(path)).parse(data)
    if tree.root_node.has_error and grammar_of(path) != "javascript" and \
            TYPE_IMPORT.search(data):
        patched = TYPE_IMPORT.sub(lambda m: b"any".ljust(len(m.group(0))), data)
        retry = parser(grammar_of(path)).parse(patched)
        if not retry.root_node.has_error:
            return retry, data
    return tree, data


def text(node: Node | None) -> str:
    return node.text.decode("utf-8", errors="replace") if node is not None and node.text else ""


def walk(node: Node) -> Iterator[Node]:
    """Every node below `node` (itself first), depth first, in source order."""
    stack = [node]
    while stack:
        current = stack.pop()
        yield current
        stack.extend(reversed(current.children))


def unwrap(node: Node | None) -> Node | None:
    """Through parentheses, `await`, `as` casts and non-null assertions to the expression."""
    while node is not None and node.type in ("parenthesized_expression", "await_expression",
                                             "as_expression", "non_null_expression",
                                             "satisfies_expression"):
        inner = [c for c in node.named_children if c.type != "comment"]
        node = inner[0] if inner else None
    return node


def args_of(call: Node) -> list[Node]:
    """A call's arguments (comments left out); none for a tagged template."""
    arguments = call.child_by_field_name("arguments")
    if arguments is None or arguments.type != "arguments":
        return []
    return [c for c in arguments.named_children if c.type != "comment"]


def callee(call: Node) -> Node | None:
    return call.child_by_field_name("function")


def call_name(call: Node) -> str:
    """`f` for `f()`, `m` for `a.b.m()`, "" for anything else."""
    function = unwrap(callee(call))
    if function is None:
        return ""
    if function.type == "identifier":
        return text(function)
    if function.type == "member_expression":
        return text(function.child_by_field_name("property"))
    return ""


def member_path(node: Node | None) -> list[str]:
    """`a.b.c` → ["a", "b", "c"]; a computed or call part ends the path as ""."""
    parts: list[str] = []
    while node is not None and node.type == "member_expression":
        parts.append(text(node.child_by_field_name("property")))
        node = node.child_by_field_name("object")
    if node is not None and node.type in ("identifier", "this"):
        parts.append(text(node))
    else:
        parts.append("")
    return list(reversed(parts))


def string_value(node: Node | None) -> str | None:
    """The value of a plain string literal (or a template without substitutions)."""
    node = unwrap(node)
    if node is None or node.type not in ("string", "template_string"):
        return None
    if any(c.type == "template_substitution" for c in node.named_children):
        return None
    raw = text(node)
    return raw[1:-1] if len(raw) >= 2 else ""


def is_string(node: Node | None) -> bool:
    node = unwrap(node)
    return node is not None and node.type in ("string", "template_string")


def number_value(node: Node | None) -> float | int | None:
    """A numeric literal's value (`86_400`, `0x1f`, `1e3`, `-2.5`), else None."""
    node = unwrap(node)
    if node is None:
        return None
    sign = 1
    if node.type == "unary_expression" and text(node.child_by_field_name("operator")) == "-":
        sign, node = -1, node.child_by_field_name("argument")
    if node is None or node.type != "number":
        return None
    raw = text(node).replace("_", "").rstrip("n")
    try:
        return sign * int(raw, 0)
    except ValueError:
        try:
            return sign * float(raw)
        except ValueError:
            return None


def line_of(node: Node) -> int:
    return node.start_point.row + 1


def function_body(node: Node | None) -> Node | None:
    """The body of an arrow function or function expression passed as a callback."""
    node = unwrap(node)
    if node is None or node.type not in ("arrow_function", "function_expression", "function",
                                         "generator_function"):
        return None
    return node.child_by_field_name("body")

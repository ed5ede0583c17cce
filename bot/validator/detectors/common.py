"""Small helpers shared by detectors: findings, logging-only lines, literal-only expressions."""

from __future__ import annotations

import re
from collections.abc import Iterator
from difflib import SequenceMatcher

from tree_sitter import Node

from bot.validator.context import ChangedFile, is_full_line_comment
from bot.validator.diffparse import DiffLine
from bot.validator.models import Finding

LOGGING_CALL = re.compile(
    r"\b(console|log|logger|logging|LOG|LOGGER|Log|slog|zap|klog|glog|sentry|Sentry|structlog|warnings|"
    r"System\.(out|err)|Timber|this\.logger|self\.log|self\.logger|fmt\.(Print|Fprint|Sprint)\w*|log\.\w+|print)\b"
    r"[\w.]*\s*\(|\.printStackTrace\(\)|\bcaptureException\(|\bprint\("
)
IDENTIFIER_NODES = frozenset(
    {
        "identifier",
        "property_identifier",
        "field_identifier",
        "shorthand_property_identifier",
        "this",
        "super",
        "self",
        "interpolation",
        "template_substitution",
        "call",
        "call_expression",
        "method_invocation",
        "attribute",
        "member_expression",
        "selector_expression",
        "subscript",
        "subscript_expression",
        "index_expression",
        "field_access",
        "await",
        "await_expression",
    }
)

# Tree-sitter node types that start a function body, across the supported languages.
FUNCTION_NODES = frozenset({
    "function_definition", "function_declaration", "method_declaration", "method_definition",
    "arrow_function", "function_expression", "function", "generator_function_declaration",
    "func_literal", "constructor_declaration",
})


def added_in_context(changed: ChangedFile) -> Iterator[tuple[list[DiffLine], int, DiffLine]]:
    """Each added code line (comments skipped) with its hunk's new-side rows and its index there:
    what a detector reads when the lines around an addition decide what it is."""
    for hunk in changed.change.hunks:
        rows = [ln for ln in hunk.lines if ln.kind != "-"]
        for index, row in enumerate(rows):
            if row.kind == "+" and not is_full_line_comment(row.text, changed.language):
                yield rows, index, row


def finding(kind: str, changed: ChangedFile, line: DiffLine | int | None, detail: str) -> Finding:
    number = line.target_no or line.source_no if isinstance(line, DiffLine) else line
    return Finding(kind=kind, path=changed.path, line=number, detail=detail)


def snippet(text: str, limit: int = 80) -> str:
    text = " ".join(text.split())
    return text if len(text) <= limit else text[: limit - 1] + "…"


def uses_outside_logging(body: str, name: str) -> bool:
    """True when `name` is used in the body other than in a logging call: the error is handled."""
    if not name:
        return False
    word = re.compile(rf"(?<![\w$.]){re.escape(name)}\b")
    return any(word.search(line) and not LOGGING_CALL.search(line) for line in body.splitlines())


def is_literal_value(node: Node | None) -> bool:
    """A value built only from literals (`True`, `nil`, `"x"`, `[]`, `{}`, `-1`): nothing computed."""
    if node is None:
        return True
    stack = [node]
    while stack:
        current = stack.pop()
        if current.type in _CONSTRUCTOR_CALLS:
            callee = (
                current.child_by_field_name("function")
                or current.child_by_field_name("constructor")
                or current.child_by_field_name("type")
                or current.child_by_field_name("name")
            )
            arguments = current.child_by_field_name("arguments")
            if callee is not None and _is_constructor_name(
                callee.text.decode() if callee.text else ""
            ):
                stack.extend(arguments.children if arguments is not None else [])
                continue
        if current.type in IDENTIFIER_NODES:
            return False
        stack.extend(current.children)
    return True


_CONSTRUCTOR_CALLS = frozenset(
    {"call", "call_expression", "new_expression", "object_creation_expression", "method_invocation"}
)
_VALUE_BUILDERS = frozenset(
    {
        "str",
        "int",
        "float",
        "bool",
        "list",
        "dict",
        "set",
        "tuple",
        "frozenset",
        "bytes",
        "Decimal",
        "Fraction",
        "String",
        "Number",
        "Boolean",
        "BigInt",
        "BigDecimal.valueOf",
        "Integer.valueOf",
        "List.of",
        "Map.of",
        "Set.of",
        "Optional.of",
        "Optional.empty",
        "Collections.emptyList",
        "Collections.emptyMap",
        "time.Duration",
        "errors.New",
    }
)


def _is_constructor_name(name: str) -> bool:
    """`Decimal("1")`, `new Money(5)`, `List.of()`: values built from literals only, nothing computed."""
    return name in _VALUE_BUILDERS or bool(re.fullmatch(r"[A-Z]\w*", name))


def pair_lines(
    removed: list[DiffLine], added: list[DiffLine], threshold: float, window: int = 12
) -> list[tuple[DiffLine, DiffLine]]:
    """Pair each removed line with its most similar added line nearby (an edit, not a move).

    Only added lines within `window` positions of the removed one's are compared, and the cheap
    upper bounds of difflib go first, so a rewrite of thousands of lines stays linear.
    """
    pairs: list[tuple[DiffLine, DiffLine]] = []
    taken: set[int] = set()
    for index, old in enumerate(removed):
        old_text = old.text.strip()
        best: tuple[float, int] | None = None
        if index < len(added) and index not in taken:
            same_place = SequenceMatcher(None, old_text, added[index].text.strip()).ratio()
            if same_place >= 0.9:  # the usual edit: line i of the block became line i
                taken.add(index)
                pairs.append((old, added[index]))
                continue
        for j in range(max(0, index - window), min(len(added), index + window + 1)):
            if j in taken:
                continue
            matcher = SequenceMatcher(None, old_text, added[j].text.strip())
            floor = best[0] if best else threshold
            if matcher.real_quick_ratio() < floor or matcher.quick_ratio() < floor:
                continue
            ratio = matcher.ratio()
            if ratio >= floor and (best is None or ratio > best[0]):
                best = (ratio, j)
        if best is not None:
            taken.add(best[1])
            pairs.append((old, added[best[1]]))
    return pairs

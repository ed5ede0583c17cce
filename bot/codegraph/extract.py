"""Turn one file's bytes into compact definition and reference records.

Runs inside parser processes, so it deals in tuples, not models: a file's records are marshalled
as they are into the cache and decoded lazily by the graph. Layout of a payload:

    (status, error_line, defs, refs)
    status      "ok" | "partial" (tree-sitter recovered from syntax errors; what parsed is kept)
    defs        [(name, qualname, kind, line, end_line), ...]  1-based, inclusive, in source order
    refs        [(name, kind, line, enclosing), ...]  enclosing = index into defs, -1 at top level
"""

from __future__ import annotations

import gc
import hashlib
import marshal
from operator import itemgetter
from typing import Any, cast

import tree_sitter

from bot.codegraph.languages import CLASS_LIKE_KINDS, parser, spec

PAYLOAD_VERSION = 1

DefRecord = tuple[str, str, str, int, int]
RefRecord = tuple[str, str, int, int]
Payload = tuple[str, int | None, list[DefRecord], list[RefRecord]]

_first = itemgetter(0)
_GO_TYPE_KINDS = {"struct_type": "struct", "interface_type": "interface"}


def extract(source: bytes, language: str) -> Payload:
    """Parse `source` and return its records; never raises on bad syntax (tree-sitter recovers)."""
    tree = parser(language).parse(source)
    root = tree.root_node
    captures = tree_sitter.QueryCursor(spec(language).query).captures(root)

    def_nodes: list[tuple[int, int, str, tree_sitter.Node]] = []
    ref_nodes: list[tuple[int, str, tree_sitter.Node]] = []
    call_starts: set[int] = set()
    attribute_nodes: list[tree_sitter.Node] = []
    for capture, nodes in captures.items():
        group, _, kind = capture.partition(".")
        if group == "def":
            def_nodes.extend((n.start_byte, -n.end_byte, kind, n) for n in nodes)
        elif kind == "attribute":
            attribute_nodes = nodes
        else:
            for node in nodes:
                start = node.start_byte
                ref_nodes.append((start, kind, node))
                if kind == "call":
                    call_starts.add(start)
    # An attribute that is being called is already recorded as a call.
    ref_nodes.extend(
        (n.start_byte, "attribute", n) for n in attribute_nodes if n.start_byte not in call_starts
    )

    defs, def_spans = _definitions(def_nodes, language)
    refs = _references(ref_nodes, def_spans)
    status, error_line = ("partial", _first_error_line(root)) if root.has_error else ("ok", None)
    return status, error_line, defs, refs


ExtractedFile = tuple[str, str, int | None, int, int, bytes]


def extract_batch(batch: list[tuple[str, str, bytes]]) -> list[ExtractedFile]:
    """Parser-process entry point: [(key, language, source)] →
    [(key, status, error_line, definition count, reference count, marshalled payload)]."""
    results: list[ExtractedFile] = []
    # Extraction makes hundreds of thousands of short-lived objects and no lasting cycles; the
    # cyclic collector re-scanning them cost a third of the indexing time. It runs again after.
    collecting = gc.isenabled()
    gc.disable()
    try:
        for key, language, source in batch:
            payload = extract(source, language)
            status, error_line, defs, refs = payload
            results.append((key, status, error_line, len(defs), len(refs), marshal.dumps(payload)))
    finally:
        if collecting:
            gc.enable()
    return results


def decode(payload: bytes) -> Payload:
    return cast(Payload, marshal.loads(payload))


def content_hash(source: bytes, language: str) -> str:
    """Cache key: the same bytes parsed as another language give other records."""
    digest = hashlib.blake2b(language.encode(), digest_size=16)
    digest.update(b"\0")
    digest.update(source)
    return digest.hexdigest()


def _definitions(
    def_nodes: list[tuple[int, int, str, tree_sitter.Node]], language: str
) -> tuple[list[DefRecord], list[tuple[int, int]]]:
    """Name each definition and give it a qualname from the definitions that enclose it."""
    def_nodes.sort(key=lambda item: (item[0], item[1]))
    defs: list[DefRecord] = []
    spans: list[tuple[int, int]] = []
    stack: list[tuple[int, str, str]] = []  # (end_byte, qualname, kind) of open definitions
    for start, negative_end, kind, node in def_nodes:
        name_node = node.child_by_field_name("name")
        if name_node is None:
            continue
        end = -negative_end
        while stack and stack[-1][0] <= start:
            stack.pop()
        name = _text(name_node)
        parent_qualname, parent_kind = (stack[-1][1], stack[-1][2]) if stack else ("", "")
        if kind == "function" and parent_kind in CLASS_LIKE_KINDS:
            kind = "method"
        elif language == "go":
            if kind == "type":
                type_node = node.child_by_field_name("type")
                if type_node is not None:
                    kind = _GO_TYPE_KINDS.get(type_node.type, "type")
            elif kind == "method":
                parent_qualname = _go_receiver_type(node) or parent_qualname
        qualname = f"{parent_qualname}.{name}" if parent_qualname else name
        defs.append((name, qualname, kind, node.start_point.row + 1, _end_line(node)))
        spans.append((start, end))
        stack.append((end, qualname, kind))
    return defs, spans


def _references(
    ref_nodes: list[tuple[int, str, tree_sitter.Node]], def_spans: list[tuple[int, int]]
) -> list[RefRecord]:
    """Attach each reference to the innermost definition around it in one sweep over both."""
    ref_nodes.sort(key=_first)
    refs: list[RefRecord] = []
    stack: list[tuple[int, int]] = []  # (end_byte, def index)
    next_def = 0
    def_count = len(def_spans)
    for start, kind, node in ref_nodes:
        while next_def < def_count and def_spans[next_def][0] <= start:
            def_start = def_spans[next_def][0]
            while stack and stack[-1][0] <= def_start:
                stack.pop()
            stack.append((def_spans[next_def][1], next_def))
            next_def += 1
        while stack and stack[-1][0] <= start:
            stack.pop()
        name = node.text.decode("utf-8", "replace")  # type: ignore[union-attr]
        if kind == "import":
            name = name.strip("\"'`")
        refs.append((name, kind, node.start_point.row + 1, stack[-1][1] if stack else -1))
    return refs


def _end_line(node: tree_sitter.Node) -> int:
    """Inclusive last line of code: trailing comments that the grammar folds into a block
    do not extend a definition (Python's `ast` agrees)."""
    last = node
    while (index := last.child_count - 1) >= 0:
        child: tree_sitter.Node | None = last.child(index)
        while child is not None and child.type == "comment":
            index -= 1
            child = last.child(index) if index >= 0 else None
        if child is None:
            break
        last = child
    row, column = last.end_point
    return row if column == 0 and row > node.start_point.row else row + 1


def _text(node: tree_sitter.Node) -> str:
    raw: Any = node.text
    return raw.decode("utf-8", "replace") if raw is not None else ""


def _go_receiver_type(node: tree_sitter.Node) -> str | None:
    """`func (s *Server) Start()` → "Server" (generic parameters dropped)."""
    receiver = node.child_by_field_name("receiver")
    if receiver is None:
        return None
    for parameter in receiver.named_children:
        type_node = parameter.child_by_field_name("type")
        if type_node is None:
            continue
        text = _text(type_node).lstrip("*").strip()
        return text.split("[", 1)[0] or None
    return None


def _first_error_line(root: tree_sitter.Node) -> int | None:
    """Line of the first syntax error: follow `has_error` down to the deepest offending node
    (an ERROR node can wrap a whole file, so its own start says little)."""
    node = root
    while True:
        child = next((c for c in node.children if c.has_error or c.is_missing), None)
        if child is None:
            return node.start_point.row + 1
        node = child

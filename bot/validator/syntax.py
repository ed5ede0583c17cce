"""Tree-sitter over diff fragments: one parse per hunk post-image, parsers cached per language.

The validator never sees whole files, only hunks; tree-sitter's error recovery still gives the
structure a detector needs (is this `return` directly in a function body? what does this
`except` catch?). Only per-language grammar wheels are used.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from functools import cache, lru_cache

import tree_sitter_go
import tree_sitter_java
import tree_sitter_javascript
import tree_sitter_python
import tree_sitter_typescript
from tree_sitter import Language, Node, Parser, Query, QueryCursor, Tree

from bot.validator.diffparse import DiffLine, FileChange

_GRAMMARS = {
    "python": tree_sitter_python.language,
    "javascript": tree_sitter_javascript.language,
    "typescript": tree_sitter_typescript.language_typescript,
    "tsx": tree_sitter_typescript.language_tsx,
    "go": tree_sitter_go.language,
    "java": tree_sitter_java.language,
}


@cache
def language_for(language: str | None) -> Language | None:
    factory = _GRAMMARS.get(language or "")
    return Language(factory()) if factory else None


@cache
def parser_for(language: str | None) -> Parser | None:
    grammar = language_for(language)
    return Parser(grammar) if grammar else None


@lru_cache(maxsize=512)
def _query_for(language: str, types: frozenset[str]) -> Query | None:
    """One query capturing every requested node type the grammar knows (unknown types are skipped)."""
    grammar = language_for(language)
    if grammar is None:
        return None
    known = sorted(t for t in types if grammar.id_for_node_kind(t, True))
    if not known:
        return None
    return Query(grammar, " ".join(f"({t}) @{t}" for t in known))


@lru_cache(maxsize=8192)
def parse_snippet(language: str, text: str) -> Tree | None:
    """Parse a small piece of text (a comment body, say) to ask whether it is code."""
    parser = parser_for(language)
    return parser.parse(text.encode("utf-8")) if parser else None


@dataclass
class Fragment:
    """A hunk's post-image (context and added lines) parsed as one piece of source."""

    rows: list[DiffLine]
    tree: Tree
    source: bytes
    language: str
    removed: tuple[DiffLine, ...] = ()
    section: str = ""  # the hunk's function context (git's `@@ … @@ def f(x):`)

    def row(self, node: Node) -> DiffLine:
        return self.rows[min(node.start_point.row, len(self.rows) - 1)]

    def is_added(self, node: Node) -> bool:
        return self.row(node).kind == "+"

    def line_no(self, node: Node) -> int | None:
        return self.row(node).target_no

    def text(self, node: Node) -> str:
        return self.source[node.start_byte : node.end_byte].decode("utf-8", errors="replace")

    def walk(self, types: frozenset[str] | set[str]) -> Iterator[Node]:
        """Nodes of the given types in document order, found by a compiled query (in C, not Python)."""
        query = _query_for(self.language, frozenset(types))
        if query is None:
            return
        captures = QueryCursor(query).captures(self.tree.root_node)
        found = [node for nodes in captures.values() for node in nodes]
        found.sort(key=lambda node: node.start_byte)
        yield from found

    def added_rows(self, node: Node) -> list[DiffLine]:
        return [
            r for r in self.rows[node.start_point.row : node.end_point.row + 1] if r.kind == "+"
        ]


def iter_nodes(root: Node, types: frozenset[str] | set[str]) -> Iterator[Node]:
    """Depth-first nodes of the given types (iterative: deep trees must not hit recursion limits)."""
    stack = [root]
    while stack:
        node = stack.pop()
        if node.type in types:
            yield node
        stack.extend(reversed(node.children))


def has_descendant(node: Node, types: frozenset[str] | set[str]) -> bool:
    return next(iter_nodes(node, types), None) is not None


def has_errors(tree: Tree) -> bool:
    return tree.root_node.has_error


def fragments_for(change: FileChange, language: str | None) -> list[Fragment]:
    """Parse each hunk that adds lines; hunks that only delete have nothing new to inspect."""
    parser = parser_for(language)
    if parser is None:
        return []
    fragments = []
    for hunk in change.hunks:
        if not hunk.added:
            continue
        rows = [line for line in hunk.lines if line.kind != "-"]
        texts = _closed_strings([line.text for line in rows], language)
        source = "\n".join(texts).encode("utf-8")
        fragments.append(
            Fragment(
                rows=rows,
                tree=parser.parse(source),
                source=source,
                language=language or "",
                removed=tuple(hunk.removed),
                section=hunk.section,
            )
        )
    return fragments


def _closed_strings(texts: list[str], language: str | None) -> list[str]:
    """A hunk that starts inside a Python docstring would parse as one long string, one that
    starts inside a `/** … */` comment as stray `*` lines: the lines up to the quote or `*/` that
    closes it are blanked for the parser (rows keep their numbers)."""
    if language != "python":
        close = next((i for i, text in enumerate(texts) if "*/" in text), None)
        opened = next((i for i, text in enumerate(texts) if "/*" in text), None)
        if close is not None and (opened is None or opened > close or opened == close and
                                  texts[close].index("*/") < texts[close].index("/*")):
            return [""] * (close + 1) + texts[close + 1 :]
        return texts
    for quote in ('"""', "'''"):
        if sum(text.count(quote) for text in texts) % 2 == 1:
            closing = next(i for i, text in enumerate(texts) if quote in text)
            if texts[closing].strip() == quote or texts[closing].rstrip().endswith(quote):
                return [""] * (closing + 1) + texts[closing + 1 :]
    return texts

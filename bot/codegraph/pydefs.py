"""Python definitions (name, qualname, kind, lines) without a parser.

Why: parsing the standard library takes ~4.5 s of CPU with tree-sitter and as long with `ast`,
while a definitions listing needs only where each `def`/`class` starts and where its indented
body ends. Both follow from the line structure once string literals and comments are masked,
and every step here is a C-level regex or bytes search, not a per-token Python loop.

The scanner gives up (returns None) on what it cannot read exactly, and the caller parses that
file with tree-sitter instead: unterminated literals or unbalanced brackets (syntax errors,
Python 2 files), tabs or form feeds in indentation (column rules differ between tree-sitter and
Python), lone carriage returns. Records are the tuples `extract.extract` returns:
(name, qualname, kind, line, end_line), 1-based and inclusive, in source order.
"""

from __future__ import annotations

import re
from bisect import bisect_right

DefRecord = tuple[str, str, str, int, int]

# One pass over strings and comments. Longest forms first: a triple-quoted string before an
# empty '' string. The string prefix (r, b, f, ...) stays: it does not change where a literal
# ends. A quote or backslash left behind belongs to an unterminated literal. (No error branch in
# the pattern: one stops `re` from skipping to quote characters and makes the pass 3x slower.)
_STRINGS_AND_COMMENTS = re.compile(
    rb'"""[^"\\]*(?:(?:\\.|"(?!""))[^"\\]*)*"""'
    rb"|'''[^'\\]*(?:(?:\\.|'(?!''))[^'\\]*)*'''"
    rb'|"[^"\\\n]*(?:\\.[^"\\\n]*)*"'
    rb"|'[^'\\\n]*(?:\\.[^'\\\n]*)*'"
    rb"|#[^\n]*"
    rb"|\\\r?\n",
    re.DOTALL,
)
# A definition keyword and name, in the masked text (which begins with "\n"). What comes before
# it on its line is checked in Python: a pattern anchored at line starts has no literal prefix
# for `re` to skip to, and scanned every line twice as slowly.
_DEFINITION = re.compile(rb"(def|class)[ \t]+([A-Za-z_\x80-\xff][\w\x80-\xff]*)")
# Every bracket becomes "(" or ")", so a depth is two counts.
_BRACKETS = bytes.maketrans(b"[{]}", b"(())")
_LONE_CR = re.compile(rb"\r(?!\n)")
_TAB_OR_FF_IN_INDENT = re.compile(rb"\n *[\t\f]")
_CONTINUED = b"\x01"  # starts a line that continues a literal or a backslash-continued line
_TAIL = 256
_dedent_patterns: dict[int, re.Pattern[bytes]] = {}


def python_definitions(source: bytes) -> list[DefRecord] | None:
    """Definitions in source order, or None when tree-sitter should read this file instead."""
    if b"def" not in source and b"class" not in source:
        return []
    if source.startswith(b"\xef\xbb\xbf"):
        source = source[3:]
    if b"\r" in source and _LONE_CR.search(source):
        return None
    text = _mask(source)
    if text is None:
        return None
    if (b"\t" in text or b"\f" in text) and _TAB_OR_FF_IN_INDENT.search(text):
        return None
    text = text.translate(_BRACKETS)
    if text.count(b"(") != text.count(b")"):
        return None
    return _definitions(text)


def _mask(source: bytes) -> bytes | None:
    """The source with comments removed and each string literal (or backslash line break)
    replaced by "S" plus one "\\n\\x01" per line break it spanned: line numbers survive and no
    line inside a literal can pass for code. None when a literal is unterminated."""
    masked = _STRINGS_AND_COMMENTS.sub(_replacement, source)
    if b'"' in masked or b"'" in masked or b"\\" in masked:
        return None
    return b"\n" + masked


def _replacement(match: re.Match[bytes]) -> bytes:
    text = match.group()
    first = text[0]
    if first == 35:  # "#"
        return b""
    if first == 92:  # "\\" line continuation
        return b" \n" + _CONTINUED
    breaks = text.count(b"\n")
    return b"S" + (b"\n" + _CONTINUED) * breaks if breaks else b"S"


def _dedent(indent: int) -> re.Pattern[bytes]:
    """Start of the next line that holds code indented at most `indent` columns."""
    pattern = _dedent_patterns.get(indent)
    if pattern is None:
        pattern = re.compile(rb"\n(?= {0,%d}[^ \t\r\n\x01])" % indent)
        _dedent_patterns[indent] = pattern
    return pattern


class _Points:
    """Line number and bracket depth at positions of one masked text, each counted from the
    nearest position already known, so a file costs about one counting pass in all."""

    def __init__(self, text: bytes) -> None:
        self._text = text
        self._positions = [0]
        self._lines = [0]
        self._depths = [0]

    def at(self, position: int) -> tuple[int, int]:
        positions = self._positions
        index = bisect_right(positions, position) - 1
        start = positions[index]
        if start == position:
            return self._lines[index], self._depths[index]
        text = self._text
        line = self._lines[index] + text.count(b"\n", start, position)
        depth = (
            self._depths[index]
            + text.count(b"(", start, position)
            - text.count(b")", start, position)
        )
        index += 1
        positions.insert(index, position)
        self._lines.insert(index, line)
        self._depths.insert(index, depth)
        return line, depth


def _definitions(text: bytes) -> list[DefRecord] | None:
    records: list[DefRecord] = []
    stack: list[tuple[int, str, str]] = []  # (end position, qualname, kind) of open definitions
    points = _Points(text)
    for match in _DEFINITION.finditer(text):
        start = text.rfind(b"\n", 0, match.start()) + 1
        indent = _indent(text[start : match.start()])
        if indent < 0:
            continue
        line, depth = points.at(start)
        colon = _header_end(text, match.end())
        if colon < 0:
            return None
        end = _body_end(text, colon, indent, depth, points)
        end_line = points.at(_last_code(text, colon, end))[0]
        while stack and stack[-1][0] <= start:
            stack.pop()
        name = match.group(2).decode("utf-8", "replace")
        if match.group(1) == b"class":
            kind = "class"
        elif stack and stack[-1][2] == "class":
            kind = "method"
        else:
            kind = "function"
        qualname = f"{stack[-1][1]}.{name}" if stack else name
        records.append((name, qualname, kind, line, end_line))
        stack.append((end, qualname, kind))
    return records


def _indent(prefix: bytes) -> int:
    """Columns of indentation when `prefix` (the line up to the keyword) is spaces, optionally
    followed by `async` and blanks; -1 when the keyword is not where a definition starts."""
    if prefix.strip(b" "):
        if not prefix.endswith((b" ", b"\t")):
            return -1
        prefix = prefix.rstrip(b" \t")
        if not prefix.endswith(b"async"):
            return -1
        prefix = prefix[:-5]
        if prefix.strip(b" "):
            return -1
    return len(prefix)


def _header_end(text: bytes, position: int) -> int:
    """Position of the colon that ends a `def`/`class` header (outside brackets), or -1."""
    colon = text.find(b":", position)
    while colon >= 0:
        if text.count(b"(", position, colon) == text.count(b")", position, colon):
            return colon
        colon = text.find(b":", colon + 1)
    return -1


def _body_end(text: bytes, colon: int, indent: int, depth: int, points: _Points) -> int:
    """Position of the line break that ends the definition whose header ends at `colon`."""
    newline = text.find(b"\n", colon)
    if newline < 0:
        return len(text)
    if text[colon + 1 : newline].strip():  # `def f(): return 1`: the rest of the logical line
        while newline >= 0:
            if (
                text.count(b"(", colon, newline) == text.count(b")", colon, newline)
                and text[newline + 1 : newline + 2] != _CONTINUED
            ):
                return newline
            newline = text.find(b"\n", newline + 1)
        return len(text)
    pattern = _dedent(indent)
    position = newline
    while True:
        found = pattern.search(text, position)
        if found is None:
            return len(text)
        candidate = found.start()
        if points.at(candidate)[1] == depth:
            return candidate
        position = candidate + 1


def _last_code(text: bytes, colon: int, end: int) -> int:
    """Position just after the last non-blank byte before `end` (blank: masked comments too)."""
    tail = text[max(colon, end - _TAIL) : end]
    kept = tail.rstrip()
    if kept or len(tail) < _TAIL:
        return end - len(tail) + len(kept)
    return colon + len(text[colon:end].rstrip())

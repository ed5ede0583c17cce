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
from collections.abc import Callable, Iterator, Sequence

DefRecord = tuple[str, str, str, int, int]
# Looks at the source and its split into code and literals (literals at the odd indexes) and
# returns what some literals become instead (by index), or None to give up.
Inspection = Callable[[bytes, list[bytes]], dict[int, bytes] | None]

# One pass over strings and comments. Longest forms first: a triple-quoted string before an
# empty '' string. The string prefix (r, b, f, ...) stays: it does not change where a literal
# ends. A quote or backslash left behind belongs to an unterminated literal. (No error branch in
# the pattern: one stops `re` from skipping to quote characters and makes the pass 3x slower.)
# One group: `split` keeps the literals, and replacing them in a list costs half what a
# replacement function called by `sub` does.
_STRINGS_AND_COMMENTS = re.compile(
    rb'("""[^"\\]*(?:(?:\\.|"(?!""))[^"\\]*)*"""'
    rb"|'''[^'\\]*(?:(?:\\.|'(?!''))[^'\\]*)*'''"
    rb'|"[^"\\\n]*(?:\\.[^"\\\n]*)*"'
    rb"|'[^'\\\n]*(?:\\.[^'\\\n]*)*'"
    rb"|#[^\n]*"
    rb"|\\\r?\n)",
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
_KEYWORDS = (b"def", b"class")
NAME_BYTES = frozenset(
    b"abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_" + bytes(range(0x80, 0x100))
)
CONTINUED = b"\x01"  # starts a line that continues a literal or a backslash-continued line
# What a string literal becomes: no word byte (a literal never merges with a neighbouring name
# or its own prefix, `b` of b"x"), no blank.
LITERAL = b"\x02"
_CONTINUATION = b" \n" + CONTINUED
CONTINUED_LINE = b"\n" + CONTINUED  # a break inside a literal or continued line
_TAIL = 256
_dedent_patterns: dict[int, re.Pattern[bytes]] = {}
_under_patterns: dict[int, re.Pattern[bytes]] = {}
_CODE_LINE = re.compile(rb"\n *(?=[^ \t\r\n\x01])")


def python_definitions(source: bytes) -> list[DefRecord] | None:
    """Definitions in source order, or None when tree-sitter should read this file instead."""
    if b"def" not in source and b"class" not in source:
        return []
    text = masked(source)
    return None if text is None else definitions_in(flat(text))


def masked(source: bytes, inspect: Inspection | None = None) -> bytes | None:
    """The source as the scanners read it (see `_mask`; `inspect` may replace some literals
    otherwise), or None where they cannot read it exactly: a lone carriage return, an
    unterminated literal, a tab or form feed in indentation, or what `inspect` refuses. A BOM
    is dropped."""
    if source.startswith(b"\xef\xbb\xbf"):
        source = source[3:]
    if b"\r" in source and _LONE_CR.search(source):
        return None
    text = _mask(source, inspect)
    if text is None:
        return None
    if (b"\t" in text or b"\f" in text) and _TAB_OR_FF_IN_INDENT.search(text):
        return None
    return text


def flat(text: bytes) -> bytes:
    """A masked text with every bracket turned into "(" or ")", so a depth is two counts."""
    return text.translate(_BRACKETS)


def definitions_in(text: bytes) -> list[DefRecord] | None:
    """The definitions of a `flat` masked text; None when its brackets do not balance."""
    if text.count(b"(") != text.count(b")"):
        return None
    return _definitions(text)


def _mask(source: bytes, inspect: Inspection | None) -> bytes | None:
    """The source with comments removed and each string literal (or backslash line break)
    replaced by LITERAL plus one "\\n\\x01" per line break it spanned: line numbers survive
    and no line inside a literal can pass for code. None when a literal is unterminated."""
    pieces = _STRINGS_AND_COMMENTS.split(source)
    instead = inspect(source, pieces) if inspect is not None else {}
    if instead is None:
        return None
    pieces[1::2] = map(_replacement, pieces[1::2])
    for index, replacement in instead.items():
        pieces[index] = replacement
    masked = b"".join(pieces)
    if b'"' in masked or b"'" in masked or b"\\" in masked:
        return None
    return b"\n" + masked


def _replacement(literal: bytes) -> bytes:
    first = literal[0]
    if first == 35:  # "#"
        return b""
    if first == 92:  # "\\" line continuation
        return _CONTINUATION
    breaks = literal.count(b"\n")
    return LITERAL + CONTINUED_LINE * breaks if breaks else LITERAL


def _dedent(indent: int) -> re.Pattern[bytes]:
    """Start of the next line that holds code indented at most `indent` columns."""
    pattern = _dedent_patterns.get(indent)
    if pattern is None:
        pattern = re.compile(rb"\n(?= {0,%d}[^ \t\r\n\x01])" % indent)
        _dedent_patterns[indent] = pattern
    return pattern


class Points:
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
        following = index + 1
        if following < len(positions) and positions[following] - position < position - start:
            end = positions[following]  # nearer after than before: count back from there
            line = self._lines[following] - text.count(b"\n", position, end)
            depth = (
                self._depths[following]
                - text.count(b"(", position, end)
                + text.count(b")", position, end)
            )
        else:
            line = self._lines[index] + text.count(b"\n", start, position)
            depth = (
                self._depths[index]
                + text.count(b"(", start, position)
                - text.count(b")", start, position)
            )
        positions.insert(following, position)
        self._lines.insert(following, line)
        self._depths.insert(following, depth)
        return line, depth


def _definitions(text: bytes) -> list[DefRecord] | None:
    records: list[DefRecord] = []
    stack: list[tuple[int, str, str]] = []  # (end position, qualname, kind) of open definitions
    points = Points(text)
    for match in _DEFINITION.finditer(text):
        start = text.rfind(b"\n", 0, match.start()) + 1
        indent = _indent(text[start : match.start()])
        if indent < 0:
            continue
        extent = _extent(text, match, start, indent, points)
        if extent is None:
            return None
        line, end, end_line = extent
        while stack and stack[-1][0] <= start:
            stack.pop()
        name, qualname, kind = _naming(match, *(stack[-1][1:] if stack else ("", "")))
        records.append((name, qualname, kind, line, end_line))
        stack.append((end, qualname, kind))
    return records


def definitions_around(
    text: bytes, positions: Sequence[int], points: Points | None = None
) -> tuple[list[DefRecord], list[int]] | None:
    """The definitions of a `flat` masked text that hold any of `positions` (each the record
    `python_definitions` gives it), and for each position the index of the innermost one among
    them, -1 at top level; None when one of them cannot be read.

    Why: the references to a name sit in a few of a file's definitions, and reading only those
    costs a fraction of reading them all. A definition holds a line only if it is indented less
    (or the line is its own header), and one that does not hold it passes its indentation on as
    the bound, so the siblings in between are passed over without reading their bodies."""
    try:
        return _Around(text, points or Points(text)).find(positions)
    except _Unreadable:
        return None


class _Unreadable(Exception):
    """A definition header without its colon."""


class _Around:
    """The headers of one text, found backwards from the positions that ask (a file's headers
    before its last reference would cost a regex pass and a Python step each), and their
    bodies read only where a position's question needs them."""

    def __init__(self, text: bytes, points: Points) -> None:
        self._text = text
        self._points = points
        # keyword position → (line start, indent, match) of each header met so far
        self._headers: dict[int, tuple[int, int, re.Match[bytes]]] = {}
        self._extents: dict[int, tuple[int, int, int]] = {}
        self._parents: dict[int, int] = {}

    def find(self, positions: Sequence[int]) -> tuple[list[DefRecord], list[int]]:
        innermost = [self._innermost(position) for position in positions]
        for header in innermost:
            while header >= 0 and header not in self._parents:
                line_start, indent, _match = self._headers[header]
                self._parents[header] = self._search(line_start, line_start, indent)
                header = self._parents[header]
        order = sorted(self._parents)
        records: list[DefRecord] = []
        named: dict[int, tuple[str, str]] = {-1: ("", "")}  # header → (qualname, kind)
        for header in order:
            match = self._headers[header][2]
            name, qualname, kind = _naming(match, *named[self._parents[header]])
            line, _end, end_line = self._extent(header)
            records.append((name, qualname, kind, line, end_line))
            named[header] = (qualname, kind)
        index = {header: number for number, header in enumerate(order)}
        index[-1] = -1
        return records, [index[header] for header in innermost]

    def _innermost(self, position: int) -> int:
        """The header of the innermost definition that holds `position`, or -1."""
        text = self._text
        start = statement_start(text, self._points, position)
        before = text[start:position]  # the word is past the indentation
        indent = len(before) - len(before.lstrip(b" "))
        own = self._header_on(start, indent)
        if own >= 0:  # in the header or a one-line body
            return own
        previous = next(self._headers_before(start), None)
        if previous is not None:  # one that ends before its colon would hold this line
            self._extent(previous[0])
        return self._search(start, position, indent)

    def _search(self, before: int, position: int, bound: int) -> int:
        """Going back from `before`, the first header indented less than `bound` whose
        definition holds `position`, or -1. One that does not hold it lowers the bound: what
        holds the position holds that header too."""
        if bound > 0:
            for header, indent in self._headers_before(before):
                if indent < bound:
                    if self._extent(header)[1] > position:
                        return header
                    bound = indent
                    if bound == 0:
                        break
        return -1

    def _headers_before(self, position: int) -> Iterator[tuple[int, int]]:
        """(keyword position, indent) of each header before `position`, nearest first."""
        text = self._text
        hits = {keyword: text.rfind(keyword, 0, position) for keyword in _KEYWORDS}
        while True:
            keyword = max(hits, key=hits.__getitem__)
            hit = hits[keyword]
            if hit < 0:
                return
            hits[keyword] = text.rfind(keyword, 0, hit)
            header = self._header(hit)
            if header is not None:
                yield hit, header[1]

    def _header_on(self, line_start: int, indent: int) -> int:
        """The header whose keyword is the first on the line at `line_start`, or -1."""
        text = self._text
        keyword = line_start + indent
        if text.startswith(b"async", keyword):
            keyword += 5
            while text[keyword : keyword + 1] in (b" ", b"\t"):
                keyword += 1
        return keyword if self._header(keyword) is not None else -1

    def _header(self, keyword: int) -> tuple[int, int, re.Match[bytes]] | None:
        """The header whose keyword starts at `keyword` (pydefs' reading: at a line start,
        after spaces and an `async`), or None."""
        header = self._headers.get(keyword)
        if header is None:
            text = self._text
            if keyword > 0 and text[keyword - 1] in NAME_BYTES:
                return None
            start = text.rfind(b"\n", 0, keyword) + 1
            prefix = text[start:keyword]
            indent = _indent(prefix)
            match = _DEFINITION.match(text, keyword)
            if match is None:
                after = text[keyword : keyword + 6].rstrip(b"(: \t\r\n")
                if indent >= 0 and after in _KEYWORDS:
                    raise _Unreadable  # `class` with no name on its line
                return None
            if indent < 0:
                return None
            header = self._headers[keyword] = (start, indent, match)
        return header

    def _extent(self, header: int) -> tuple[int, int, int]:
        extent = self._extents.get(header)
        if extent is None:
            start, indent, match = self._headers[header]
            found = _extent(self._text, match, start, indent, self._points)
            if found is None or not _indented_alike(
                self._text, match.end(), found[1], self._points
            ):
                raise _Unreadable
            extent = self._extents[header] = found
        return extent


def statement_start(text: bytes, points: Points, position: int) -> int:
    """Start of the logical line (a statement's) that holds `position` of a flat masked text."""
    start = text.rfind(b"\n", 0, position)  # the text begins with "\n"
    while start > 0 and (text[start + 1 : start + 2] == CONTINUED or points.at(start)[1] > 0):
        start = text.rfind(b"\n", 0, start)
    return start + 1


def _extent(
    text: bytes, match: re.Match[bytes], start: int, indent: int, points: Points
) -> tuple[int, int, int] | None:
    """(line, end position, end line) of the definition whose keyword `match` found on the
    line that starts at `start`; None when its header has no colon."""
    line, depth = points.at(start)
    colon = _header_end(text, match.end())
    if colon < 0:
        return None
    end = _body_end(text, colon, indent, depth, points)
    return line, end, points.at(_last_code(text, colon, end))[0]


def _indented_alike(text: bytes, header: int, end: int, points: Points) -> bool:
    """Whether no line of the body (the header's rest at `header`, the body up to `end`) is
    indented less than its first line: Python refuses such a line, pydefs reads it as part of
    the body, and tree-sitter ends the block there (also at a line that holds only `\\`)."""
    colon = _header_end(text, header)
    newline = text.find(b"\n", colon, end)
    if newline < 0 or text[colon + 1 : newline].strip():  # a one-line body
        return True
    first = _CODE_LINE.search(text, newline, end)
    if first is None or first.end() - first.start() <= 1:
        return True
    depth = points.at(first.start())[1]
    under = _under(first.end() - first.start() - 1)
    position = first.end()
    while (found := under.search(text, position, end)) is not None:
        if points.at(found.start())[1] == depth:
            return False
        position = found.start() + 1
    return True


def _under(indent: int) -> re.Pattern[bytes]:
    """Start of a line indented less than `indent` columns that holds code or only `\\`."""
    pattern = _under_patterns.get(indent)
    if pattern is None:
        pattern = re.compile(rb"\n {0,%d}(?=[^ \t\r\n\x01]| \n\x01)" % (indent - 1))
        _under_patterns[indent] = pattern
    return pattern


def _naming(match: re.Match[bytes], parent_qualname: str, parent_kind: str) -> tuple[str, str, str]:
    """(name, qualname, kind) of a definition inside the given parent ("" at top level)."""
    name = match.group(2).decode("utf-8", "replace")
    if match.group(1) == b"class":
        kind = "class"
    elif parent_kind == "class":
        kind = "method"
    else:
        kind = "function"
    return name, f"{parent_qualname}.{name}" if parent_qualname else name, kind


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
    """Position of the colon that ends a `def`/`class` header (outside brackets), or -1 (also
    when the header's line ends before it: `class A` then `def f(self):` is a syntax error,
    not a header that runs on)."""
    colon = text.find(b":", position)
    while colon >= 0:
        if text.count(b"(", position, colon) == text.count(b")", position, colon):
            return colon if _one_line(text, position, colon) else -1
        colon = text.find(b":", colon + 1)
    return -1


def _one_line(text: bytes, start: int, end: int) -> bool:
    """Whether no line ends between `start` and `end` outside the brackets opened after
    `start` (escaped and literal line breaks do not end one)."""
    newline = text.find(b"\n", start, end)
    while newline >= 0:
        if text[newline + 1 : newline + 2] != CONTINUED and text.count(
            b"(", start, newline
        ) == text.count(b")", start, newline):
            return False
        newline = text.find(b"\n", newline + 1, end)
    return True


def _body_end(text: bytes, colon: int, indent: int, depth: int, points: Points) -> int:
    """Position of the line break that ends the definition whose header ends at `colon`."""
    newline = text.find(b"\n", colon)
    if newline < 0:
        return len(text)
    if text[colon + 1 : newline].strip():  # `def f(): return 1`: the rest of the logical line
        while newline >= 0:
            if (
                text.count(b"(", colon, newline) == text.count(b")", colon, newline)
                and text[newline + 1 : newline + 2] != CONTINUED
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

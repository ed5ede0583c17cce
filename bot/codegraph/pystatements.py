"""The statements whose names are not expressions, for the reference scanner (`pyrefs`).

Why: `import a.word` and `from .word import x` make references by their dotted names' text, a
match statement's patterns (`case Point(x=0)`) are no calls, and a `type X = ...` statement is
read by tree-sitter's rules for types. The scanner reads the names of every other statement as
expressions, so it asks here which spans to leave to these readings.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from bot.codegraph.pydefs import CONTINUED, CONTINUED_LINE, NAME_BYTES, Points

WORD_BYTES = NAME_BYTES
BLANKS = b" \t\f\r\n" + CONTINUED
Found = tuple[int, str, str]  # (position, name, kind) of one reference
Span = tuple[int, int]

# A line that starts as a `match`, `case` or `type` statement would: the keyword then neither an
# operator nor a separator (`match = ...`, `match.group()`, `case, x = ...` are names).
_SOFT_KEYWORDS = (b"match", b"case", b"type")
_STATEMENT_AFTER_SOFT_KEYWORD = re.compile(rb"[ \t]*[^ \t=.,:;)\]}\n\r]")
_ASSIGNMENT = re.compile(rb"(?<![=<>!+\-*/%&|^@:])=(?!=)")

# Import statements. Blanks inside a logical line (B): spaces, tabs, escaped line breaks; inside
# the brackets of `from m import (...)` (P), line breaks too. N: a name, D: a dotted name.
_PARTS = {
    b"B": rb"(?:[ \t\f\r]|\n\x01)",
    b"P": rb"[ \t\f\r\n\x01]",
    b"N": rb"[A-Za-z_\x80-\xff][\w\x80-\xff]*",
}
_PARTS[b"D"] = rb"%(N)b(?:%(B)b*\.%(B)b*%(N)b)*" % _PARTS
_PARTS[b"DP"] = rb"%(N)b(?:%(P)b*\.%(P)b*%(N)b)*" % _PARTS
# What stands between the start of the logical line and `import`: another statement ended by
# `;` or a compound statement's header ended by `:`, then `from MODULE` or nothing.
_IMPORT_PREFIX = re.compile(
    rb"(?:.*[;:])?%(B)b*(?:from(?:%(B)b+|(?=\.))(?P<module>\.(?:%(B)b*\.)*(?:%(B)b*%(D)b)?|%(D)b)"
    rb"%(B)b*)?" % _PARTS,
    re.DOTALL,
)
_IMPORT_OPENING = re.compile(rb"%(B)b*([(*]?)" % _PARTS)
# One imported name: its dotted name, an alias, and the comma after it if there is one.
_ITEM = re.compile(rb"%(B)b*(%(D)b)(?:%(B)b+as%(B)b+%(N)b)?%(B)b*(,?)" % _PARTS)
_ITEM_IN_BRACKETS = re.compile(rb"%(P)b*(%(DP)b)(?:%(P)b+as%(P)b+%(N)b)?%(P)b*(,?)" % _PARTS)
_CLOSING = re.compile(rb"%(P)b*\)" % _PARTS)
_STATEMENT_END = re.compile(rb"%(B)b*(?:\n|;|\Z)" % _PARTS)
_IMPORT = b"import"
_FROM = b"from"
_FUTURE = b"__future__"


class GiveUp(Exception):
    """The file holds something the scanner cannot read exactly."""


class Statements:
    """The import and match statements of one masked text (and its `flat` twin) that concern
    one word."""

    def __init__(self, text: bytes, brackets: bytes, points: Points, needle: bytes) -> None:
        self._text = text
        self._brackets = brackets
        self._points = points
        self._needle = needle

    def _depth(self, position: int) -> int:
        return self._points.at(position)[1]

    def imports(self) -> list[tuple[int, int, list[Found]]]:
        """(start, end, references) of each import statement that holds the word."""
        text, needle = self._text, self._needle
        statements = []
        for position in occurrences(text, _IMPORT):
            rough = text[self._line_start(position) : self._rough_end(position + len(_IMPORT))]
            if needle in rough:
                statements.append(self._import(position))
        for position in occurrences(text, _FROM):
            line_start = self._line_start(position)
            if not text[line_start:position].strip(b" "):  # `from` starts a statement
                line = text[position : self._rough_end(position)]
                if needle in line and next(occurrences(line, _IMPORT), None) is None:
                    raise GiveUp  # `from m` and no `import`: tree-sitter reads on
        return statements

    def _rough_end(self, position: int) -> int:
        """A position at or after the end of the import statement whose `import` ends here."""
        text = self._text
        opening = _IMPORT_OPENING.match(text, position)
        if opening is not None and opening.group(1) == b"(":
            closing = text.find(b")", position)
            return len(text) if closing < 0 else closing + 1
        newline = text.find(b"\n", position)
        while newline >= 0 and text[newline + 1 : newline + 2] == CONTINUED:
            newline = text.find(b"\n", newline + 1)
        return len(text) if newline < 0 else newline

    def _line_start(self, position: int) -> int:
        """Start of the line that holds `position`, or of the line it continues (after an
        escaped line break: an import statement is never inside brackets before `import`)."""
        text = self._text
        line_start = text.rfind(b"\n", 0, position)
        while text[line_start + 1 : line_start + 2] == CONTINUED:
            line_start = text.rfind(b"\n", 0, line_start)
        return line_start + 1

    def _import(self, keyword_start: int) -> tuple[int, int, list[Found]]:
        """The import statement whose `import` keyword starts at `keyword_start`."""
        text = self._text
        prefix = _IMPORT_PREFIX.fullmatch(text, self._line_start(keyword_start), keyword_start)
        if prefix is None:
            raise GiveUp
        found: list[Found] = []
        module = prefix.group("module")
        start = keyword_start if module is None else prefix.start("module")
        if module is not None:
            self._import_name(start, module, found)
        end = self._import_items(keyword_start + len(_IMPORT), found)
        if module == _FUTURE:  # tree-sitter's future_import_statement: no references
            found = []
        return start, end, found

    def _import_items(self, position: int, found: list[Found]) -> int:
        """Note the names after `import` in `found`; the end of the statement."""
        text = self._text
        opening = _IMPORT_OPENING.match(text, position)
        assert opening is not None  # the pattern matches the empty string
        bracketed = opening.group(1) == b"("
        position = opening.end()
        if opening.group(1) == b"*":
            return self._statement_end(position)
        item = _ITEM_IN_BRACKETS if bracketed else _ITEM
        while True:
            match = item.match(text, position)
            if match is None:
                if bracketed and position > opening.end():
                    break  # `(a, b,)`: a trailing comma
                raise GiveUp
            self._import_name(match.start(1), match.group(1), found)
            position = match.end()
            if not match.group(2):
                break
        if bracketed:
            closing = _CLOSING.match(text, position)
            if closing is None:
                raise GiveUp
            position = closing.end()
        return self._statement_end(position)

    def _statement_end(self, position: int) -> int:
        end = _STATEMENT_END.match(self._text, position)
        if end is None:
            raise GiveUp
        return end.end()

    def _import_name(self, start: int, name: bytes, found: list[Found]) -> None:
        """Note the dotted name `name` at `start` when its last component is the word; GiveUp
        when it holds the word and blanks (tree-sitter names it by its text, blanks and all)."""
        needle = self._needle
        if needle not in name:
            return
        if any(blank in name for blank in BLANKS):
            raise GiveUp
        if name.rpartition(b".")[2] == needle:  # graph.simple_name, for a Python name
            found.append((start, name.decode(), "import"))

    def soft_keywords(self) -> list[Span]:
        """Spans where the word is no expression: the `match` and `case` keywords of a match
        statement. GiveUp on the word inside a case pattern, and on a `type` statement."""
        text, needle = self._text, self._needle
        spans = []
        for soft_keyword in _SOFT_KEYWORDS:
            size = len(soft_keyword)
            for position in occurrences(text, soft_keyword):
                line_start = text.rfind(b"\n", 0, position) + 1
                if (
                    text[line_start:position].strip(b" \t")
                    or not _STATEMENT_AFTER_SOFT_KEYWORD.match(text, position + size)
                    or self._depth(position) != 0
                ):
                    continue
                if soft_keyword == b"type":  # `type X = ...`, and so `type(x).y = z` too
                    line_end = self._line_end(position)
                    if _ASSIGNMENT.search(text, position + size, line_end) and (
                            needle in text[position:line_end]):
                        raise GiveUp
                    continue
                colon = self._header_end(position + size)
                if colon < 0:
                    continue  # `match(x)`, `case(1)`: calls
                if soft_keyword == b"case" and needle in text[position + size : colon]:
                    raise GiveUp
                spans.append((position, position + size))
        return spans

    def _line_end(self, position: int) -> int:
        """The line break that ends the logical line at `position` (a statement's start)."""
        text = self._text
        newline = text.find(b"\n", position)
        while newline >= 0 and (
            text[newline + 1 : newline + 2] == CONTINUED or self._depth(newline) > 0
        ):
            newline = text.find(b"\n", newline + 1)
        return len(text) if newline < 0 else newline

    def _header_end(self, position: int) -> int:
        """The colon that ends a compound statement's header begun before `position`, or -1
        when the logical line ends first."""
        text, brackets = self._text, self._brackets
        depth = self._depth(position)
        colon = text.find(b":", position)
        while colon >= 0:
            between = brackets[position:colon]
            if between.count(b"(") == between.count(b")"):
                line_end = text.find(b"\n", position, colon)
                while line_end >= 0 and (
                    text[line_end + 1 : line_end + 2] == CONTINUED or self._depth(line_end) > depth
                ):
                    line_end = text.find(b"\n", line_end + 1, colon)
                return colon if line_end < 0 else -1
            colon = text.find(b":", colon + 1)
        return -1


def occurrences(text: bytes, needle: bytes) -> Iterator[int]:
    """Start of each occurrence of `needle` in `text` as a whole word."""
    size = len(needle)
    position = text.find(needle)
    while position >= 0:
        end = position + size
        if (position == 0 or text[position - 1] not in WORD_BYTES) and (
            end == len(text) or text[end] not in WORD_BYTES
        ):
            yield position
        position = text.find(needle, end)


def breaks_line(gap: bytes) -> bool:
    """Whether blanks hold a line break that ends a line (not an escaped or literal one)."""
    return b"\n" in gap and b"\n" in gap.replace(CONTINUED_LINE, b"")

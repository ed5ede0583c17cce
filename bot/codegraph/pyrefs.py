"""Python references to one name (calls, attribute uses, imports) without a parser.

Why: before its full index exists, the lazy graph answers `find_references(name)` from the files
whose bytes hold the name. For a common name that is a fifth of a repository ('decode': 335
stdlib files, 12 MB), and parsing them all with tree-sitter took five times as long as
`ctags -R` of the whole tree. Whether an occurrence of a name is a reference is a local matter
(the token before it, the token after it, the statement that holds it), so the masked text of
`pydefs` (strings and comments gone, line numbers and brackets kept) suffices.

The references are those `extract.extract(source, "python")` gives whose simple name is the
word (the Python query in `languages.py`):
- call: `word(` and `x.word(`, the word being the called function (a called attribute is a
  call, not also an attribute use); not the name after `def`/`class`, not `word[0](`;
- attribute: `x.word` not called;
- import: the dotted names of `import ...` and `from ... import ...` and the module of the
  latter (`.word` for a relative one), by their text; none in `from __future__ import ...`;
- no plain names: `x = word` and `f(word=1)` are not references;
- inside an f-string's replacement fields too (tree-sitter parses them: `fstrings`).
The definitions are extract's records of those that hold a reference (and of their parents),
not of all: `enclosing` needs no more, and reading every definition cost more than the rest.

It gives up (None), and the caller parses the file with tree-sitter, on what it cannot read
exactly: whatever `pydefs` gives up on; f-string fields it cannot read, and f-strings whose
braces do not pair up (one of Python 3.12's nested-quote ones, which the masking splits
wrongly, leaves them odd); the word in a `case` pattern (patterns are no expressions) or in a
`type X = ...` statement; an import statement it cannot delimit; dotted names with blanks; a
called word in a chain after a unary `*` (tree-sitter reads `[*f(x)]` as a call of `*f` or of
`f` depending on what stands around it); a line in brackets indented less than its statement
where tree-sitter ends the block instead; and the syntax errors it meets that tree-sitter reads
on across a line, or recovers from by reshaping the definitions around them: a token before or
after the word that valid code cannot have there, an operator or a dot ending a line outside
brackets, `from m` with no `import`, a definition header broken before its colon, a body line
indented less than the body. Syntax errors elsewhere are not looked for (tree-sitter's recovery
is not worth guessing): such a file may be answered otherwise than the full graph does.
"""

from __future__ import annotations

import keyword
import re
from itertools import compress, count
from operator import methodcaller
from typing import TYPE_CHECKING

from bot.codegraph.fstrings import field_code
from bot.codegraph.pydefs import (
    CONTINUED,
    LITERAL,
    Inspection,
    Points,
    definitions_around,
    flat,
    masked,
    statement_start,
)
from bot.codegraph.pystatements import (
    BLANKS,
    WORD_BYTES,
    Found,
    GiveUp,
    Span,
    Statements,
    breaks_line,
    occurrences,
)

if TYPE_CHECKING:
    from bot.codegraph.extract import Payload

# Whether code ends as an f-string's or t-string's prefix would (or `if`: `_formatted` tells).
_ENDS_IN_PREFIX = methodcaller(
    "endswith", tuple(a + b for a in (b"f", b"F", b"t", b"T") for b in (b"", b"r", b"R"))
)
_WORD_SLICES = frozenset(bytes([byte]) for byte in WORD_BYTES)
_DIGITS = frozenset(b"0123456789")
_CODE = re.compile(rb"[^ \t\f\r\n\x01]")
_LOOK_BACK = 64
_DOT, _OPEN, _STAR = 46, 40, 42
# What ends an operand: a closing bracket, a string (names are checked on their own).
_OPERAND_ENDS = frozenset(b")]}" + LITERAL)
_CLOSING_BRACKETS = frozenset(b")]}")
_TRAILERS = frozenset(b"([")  # what opens a call or a subscript
# What a call `word(` may follow: an operator, an opening bracket, a separator.
_OPERATORS = frozenset(b"=+-*/%&|^~<>,:;([{@")
_KEYWORDS = frozenset(k.encode() for k in keyword.kwlist)
_CONSTANTS = frozenset((b"True", b"False", b"None"))
# Keywords an expression may follow (`print` and `exec`: tree-sitter's Python 2 statements;
# `match` and `case` where they start a match statement or a case clause).
_BEFORE_EXPRESSION = frozenset(
    b"not and or in is if elif else while return yield await assert del raise from with except "
    b"print exec match case".split()
)
# Keywords a plain name may follow without starting an expression.
_BEFORE_NAME = frozenset(b"def class global nonlocal as for lambda".split())
_DEFINES = frozenset((b"def", b"class"))
# A line that ends in an operator or a dot (and does not go on escaped or in a literal).
_OPERATOR_AT_LINE_END = re.compile(rb"[-+*/%&|^~<>=@.][ \t\f\r]*\n(?!\x01)")


def python_references(source: bytes, word: str) -> Payload | None:
    """extract's payload of `source` with only the references named `word` (imports: whose
    last component is `word`), or None when tree-sitter should read this file instead."""
    if not (word.isascii() and word.isidentifier()) or keyword.iskeyword(word):
        return None
    needle = word.encode()
    if CONTINUED in source or LITERAL in source:  # the masked text's own markers
        return None
    text = masked(source, _fields_as_code(needle))
    if text is None or b"`" in text or b"$" in text or b"?" in text:
        return None
    if not text.isascii():  # names beyond ASCII: fine, if tree-sitter can read them as UTF-8
        try:
            text.decode("utf-8")
        except UnicodeDecodeError:
            return None
    brackets = flat(text)
    if brackets.count(b"(") != brackets.count(b")"):
        return None
    scan = _Scan(text, brackets, needle)
    try:
        found = scan.references()
    except GiveUp:
        return None
    if not found:
        return "ok", None, [], []
    around = definitions_around(
        brackets, [position for position, _name, _kind in found], scan.points
    )
    if around is None:
        return None
    defs, innermost = around
    refs = [
        (name, kind, scan.points.at(position)[0], enclosing)
        for (position, name, kind), enclosing in zip(found, innermost, strict=True)
    ]
    return "ok", None, defs, refs


def _fields_as_code(needle: bytes) -> Inspection:
    """The inspection `masked` makes of the literals: an f-string (or t-string) whose fields
    hold the word keeps them as code (`fstrings.field_code`); None (give up) on one whose fields
    cannot be read. One whose braces pair up and that does not hold the word at all is left to
    be masked: a field of Python 3.12 that holds its own quote splits the literal where braces
    cannot pair up (the field open at the split leaves an odd count)."""

    def inspect(_source: bytes, pieces: list[bytes]) -> dict[int, bytes] | None:
        instead: dict[int, bytes] = {}
        # Literals whose code before them ends in prefix letters, found without a Python step
        # per literal (a file has thousands).
        for number in compress(count(), map(_ENDS_IN_PREFIX, pieces[0:-1:2])):
            index = 2 * number + 1
            literal = pieces[index]
            if (
                (b"{" in literal or b"}" in literal)
                and _formatted(pieces[index - 1][-3:])
                and (needle in literal or literal.count(b"{") != literal.count(b"}"))
            ):
                code = field_code(literal)
                if code is None:
                    return None
                if next(occurrences(code, needle), None) is not None:
                    instead[index] = code
        return instead

    return inspect


def _ends_number_or_ellipsis(text: bytes, dot: int) -> bool:
    """Whether the dot at `dot` ends `...` or a number (`1.`), not an attribute's object."""
    if text[dot - 1] == _DOT:
        return True
    first = dot
    while first > 0 and text[first - 1] in WORD_BYTES:
        first -= 1
    return first < dot and text[first] in _DIGITS


def _formatted(before: bytes) -> bool:
    """Whether a string literal after these (last three) bytes of code is an f-string or a
    t-string: its prefix, the letters just before it, holds an f or a t."""
    prefix = before[-2:] if before[-2:].isalpha() else before[-1:]
    if not prefix.isalpha() or before[-3 : -len(prefix)][-1:] in _WORD_SLICES:
        return False
    letters = prefix.lower()
    return (b"f" in letters or b"t" in letters) and not letters.strip(b"rbuft")


class _Scan:
    """The references to one word in one masked text."""

    def __init__(self, text: bytes, brackets: bytes, needle: bytes) -> None:
        self._text = text
        self._brackets = brackets
        self._needle = needle
        self.points = Points(brackets)

    def references(self) -> list[Found]:
        """(position, name, kind) of every reference, in source order; GiveUp when unsure."""
        text, needle = self._text, self._needle
        statements = Statements(text, self._brackets, self.points, needle)
        imports = statements.imports()
        skipped = sorted(
            [(start, end) for start, end, _found in imports] + statements.soft_keywords()
        )
        found: list[Found] = [ref for _start, _end, refs in imports for ref in refs]
        spans = iter(skipped)
        span: Span | None = next(spans, None)
        name = needle.decode()
        size = len(needle)
        for position in occurrences(text, needle):
            while span is not None and span[1] <= position:
                span = next(spans, None)
            if span is None or position < span[0]:
                kind = self._kind(position, position + size)
                if kind is not None:
                    found.append((position, name, kind))
        found.sort()
        if found:
            self._check_line_ends()
        return found

    def _check_line_ends(self) -> None:
        """GiveUp on a line that ends in an operator or a dot where Python cannot go on: outside
        brackets (tree-sitter reads on into the next line), or inside them before a line
        indented less than its statement (tree-sitter's scanner, which cannot close the bracket
        there, ends the block instead). Either way its error recovery reshapes the definitions
        open around the line, so one after the last reference counts too."""
        text = self._text
        for match in _OPERATOR_AT_LINE_END.finditer(text):
            newline = match.end() - 1
            if self._depth(newline) == 0:
                operator = match.start()
                if text[operator] == _DOT and _ends_number_or_ellipsis(text, operator):
                    continue
                if _STAR == text[operator] and text[max(0, operator - 16) : operator].rstrip(
                    BLANKS
                ).endswith(b"import"):
                    continue  # `from m import *`
                raise GiveUp
            code = _CODE.search(text, newline)
            if code is None:
                continue
            line_start = text.rfind(b"\n", 0, code.start()) + 1
            statement = statement_start(text, self.points, newline)
            before = text[statement:newline]
            if code.start() - line_start < len(before) - len(before.lstrip(b" ")):
                raise GiveUp

    # -- calls and attribute uses -------------------------------------------------------------

    def _kind(self, start: int, end: int) -> str | None:
        """The reference kind ("call", "attribute") of the word at text[start:end], None for a
        plain name."""
        text = self._text
        if text[start - 1] == _DOT:  # the common `x.word`: no blank to look past
            dot = start - 1
        else:
            before, line_break = self._before(start)
            if line_break and self._depth(start) == 0:
                if (
                    before >= 0
                    and text[before] == _DOT
                    and not _ends_number_or_ellipsis(text, before)
                ):
                    raise GiveUp  # `x.` ends a line: tree-sitter reads on across it
                before = -1  # the word starts a statement (after `x = ...` or `1.`, say)
            if before < 0 or text[before] != _DOT:
                return self._named(before, start, end)
            dot = before
        self._check_object(dot, start)
        if not self._called(end):
            return "attribute"
        self._check_unstarred(start)
        return "call"

    def _named(self, before: int, start: int, end: int) -> str | None:
        """The word as a plain name (`before`: the last code byte before it, -1 at a statement's
        start): "call" when called, else None; GiveUp where valid code cannot have it."""
        text = self._text
        if before >= 0 and text[before] not in _OPERATORS:
            if text[before] not in WORD_BYTES:
                raise GiveUp  # `"s" word`, `f() word`
            token = self._name_ending_at(before)
            if token in _DEFINES:
                return None
            if token not in _BEFORE_EXPRESSION:
                if token in _BEFORE_NAME and not self._called(end):
                    return None
                raise GiveUp  # `x word`, `1 word`, `lambda word(`
        if not self._called(end):
            return None
        self._check_unstarred(start)
        return "call"

    def _check_object(self, dot: int, start: int) -> None:
        """GiveUp unless what stands before `.word` can be an object: a name that is neither a
        keyword nor a number (`1.e5`), a closing bracket, a string."""
        text = self._text
        if dot + 1 < start and breaks_line(text[dot + 1 : start]) and self._depth(start) == 0:
            raise GiveUp
        before, line_break = self._before(dot)
        if before < 0 or (line_break and self._depth(dot) == 0):
            raise GiveUp
        last = text[before]
        if last in _OPERAND_ENDS:
            return
        if last not in WORD_BYTES:
            raise GiveUp  # `..word`, `(.word`
        token = self._name_ending_at(before)
        if token[0] in _DIGITS or (token in _KEYWORDS and token not in _CONSTANTS):
            raise GiveUp

    def _called(self, end: int) -> bool:
        """Whether an opening parenthesis follows the word (after a line break only inside
        brackets)."""
        text = self._text
        if end < len(text) and text[end] == _OPEN:
            return True
        code = _CODE.search(text, end)
        if code is None or text[code.start()] != _OPEN:
            return False
        return not (breaks_line(text[end : code.start()]) and self._depth(end) == 0)

    def _check_unstarred(self, position: int) -> None:
        """GiveUp when the primary whose chain holds the called word at `position` (`a.b(c)[d]`
        before `.word(`) follows a unary `*`: tree-sitter reads `[*a.word()]` as a call of
        `*a.word` or of `(*a).word` depending on what stands around it."""
        text = self._text
        while True:
            before, line_break = self._before(position)
            if before < 0 or (line_break and self._depth(position) == 0):
                return
            last = text[before]
            if last == _DOT:  # `.name`: the chain goes on with the object before the dot
                position = self._operand_start(self._before(before)[0])
                if position < 0:
                    return
            elif text[position] in _TRAILERS and self._operand_ends_at(before):
                position = self._operand_start(before)  # a call or subscript of that operand
            else:
                break
        if last != _STAR:
            return
        operator = self._before(before)[0]
        if operator >= 0 and (text[operator] == _STAR or self._operand_ends_at(operator)):
            return  # `**`: a dictionary splat or a power; `a * f()`: a product
        raise GiveUp

    def _operand_start(self, end: int) -> int:
        """Start of the name, string or bracketed group that ends at text[end]; for a
        bracketed group, the chain goes on before it. -1 when it is neither."""
        text = self._text
        if end < 0:
            return -1
        last = text[end]
        if last in _CLOSING_BRACKETS:
            return self._opening(end)
        if last not in WORD_BYTES:
            return end if last == LITERAL[0] else -1
        first = end
        while first > 0 and text[first - 1] in WORD_BYTES:
            first -= 1
        return first

    def _operand_ends_at(self, last: int) -> bool:
        """Whether an operand ends at text[last]: a closing bracket, a string, a name that is
        no keyword (`in`, `return`) but for True, False and None."""
        byte = self._text[last]
        if byte in _OPERAND_ENDS:
            return True
        if byte not in WORD_BYTES:
            return False
        token = self._name_ending_at(last)
        return token not in _KEYWORDS or token in _CONSTANTS

    def _opening(self, closing: int) -> int:
        """Position of the bracket that the one at `closing` closes."""
        brackets = self._brackets
        level = 0
        position = closing
        while True:
            opening = brackets.rfind(b"(", 0, position)
            inner = brackets.rfind(b")", 0, position)
            if inner > opening:
                level += 1
                position = inner
            elif level == 0 or opening < 0:
                return max(opening, 0)
            else:
                level -= 1
                position = opening

    def _before(self, position: int) -> tuple[int, bool]:
        """Index of the last code byte before `position` (-1: none) and whether a line break
        that ends a line (not one in a literal or escaped) lies between."""
        text = self._text
        low = position
        while True:
            low = max(0, low - _LOOK_BACK)
            kept = text[low:position].rstrip(BLANKS)
            if kept or low == 0:
                last = low + len(kept) - 1
                return last, breaks_line(text[last + 1 : position])

    def _name_ending_at(self, last: int) -> bytes:
        text = self._text
        first = last
        while first > 0 and text[first - 1] in WORD_BYTES:
            first -= 1
        return text[first : last + 1]

    def _depth(self, position: int) -> int:
        return self.points.at(position)[1]

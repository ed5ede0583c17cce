"""The code inside an f-string, for a scanner that masks literals (`pyrefs`).

Why: tree-sitter parses an f-string's replacement fields as expressions, so `f"{', '.join(x)}"`
holds a call of `join` that the masked literal would hide. Up to Python 3.11 a field cannot
hold the quote that closed its f-string, a backslash or a comment, so the literal pydefs masks is
the whole f-string and its fields can be read from it alone.
"""

from __future__ import annotations

import re

from bot.codegraph.pydefs import CONTINUED_LINE, LITERAL

# What matters in the text around the fields (`{{` and `}}` stand for braces), in a field's
# expression, and in its format spec.
_TEXT = re.compile(rb"\{\{|\}\}|[{}\n]")
_EXPRESSION = re.compile(rb"[{}()\[\]'\"!:=\n\\#]")
_SPEC = re.compile(rb"[{}\n]")
_OPENING = frozenset(b"([{")
_CONVERSIONS = frozenset((b"r", b"s", b"a"))


def field_code(literal: bytes) -> bytes | None:
    """What an f-string literal (from its opening quote to its closing one) becomes in the
    masked text with its fields kept as code: LITERAL, then "(", each field's expression and a
    comma, ")". Strings in a field become LITERAL, line breaks continued lines (so line numbers
    survive); the text, conversions (`!r`), format specs (not the fields nested in them) and
    the `=` of `{x=}` go. None when the fields cannot be read exactly: braces that do not pair,
    a prefixed or triple-quoted string in a field (a nested f-string), a backslash, a comment."""
    quote = literal[:3] if literal[:3] in (b'"""', b"'''") else literal[:1]
    reader = _Reader(literal[len(quote) : -len(quote)])
    try:
        reader.text()
    except _Unreadable:
        return None
    return LITERAL + b"(" + b"".join(reader.code) + b")"


class _Unreadable(Exception):
    """The fields of an f-string cannot be read exactly."""


class _Reader:
    def __init__(self, body: bytes) -> None:
        self._body = body
        self.code: list[bytes] = []

    def text(self) -> None:
        body, code = self._body, self.code
        position = 0
        while (token := _TEXT.search(body, position)) is not None:
            position = token.end()
            brace = token.group()
            if brace == b"\n":
                code.append(CONTINUED_LINE)
            elif brace == b"{":
                position = self._field(position)
                code.append(b",")
            elif brace == b"}":
                raise _Unreadable  # a lone closing brace

    def _field(self, position: int) -> int:
        """Read the expression of the field whose `{` ends at `position`; where it ends."""
        body, code = self._body, self.code
        depth = 0  # of brackets inside the expression
        while True:
            token = _EXPRESSION.search(body, position)
            if token is None:
                raise _Unreadable
            start = token.start()
            code.append(body[position:start])
            position = start + 1
            byte = body[start : start + 1]
            if byte[0] in _OPENING:
                depth += 1
                code.append(byte)
            elif byte in (b")", b"]", b"}"):
                if depth == 0:
                    if byte == b"}":
                        return position
                    raise _Unreadable
                depth -= 1
                code.append(byte)
            elif byte in (b"'", b'"'):
                position = self._string(start)
            elif byte == b"\n":
                code.append(CONTINUED_LINE)
            elif byte == b"!":
                if body[position : position + 1] == b"=":
                    code.append(b"!=")
                    position += 1
                elif depth == 0 and body[position : position + 1] in _CONVERSIONS:
                    return self._after_conversion(position + 1)
                else:
                    raise _Unreadable
            elif byte == b":" and depth == 0:
                return self._spec(position)
            elif byte == b"=":
                position = self._equals(start, depth)
            elif byte == b":":
                code.append(byte)
            else:  # a backslash or a comment
                raise _Unreadable

    def _string(self, start: int) -> int:
        """Mask the string in a field that opens at `start`; where it ends."""
        body = self._body
        quote = body[start : start + 1]
        end = body.find(quote, start + 1)
        if (
            end < 0
            or end == start + 1
            and body[end + 1 : end + 2] == quote  # triple-quoted
            or b"\n" in body[start:end]
            or body[start - 1 : start].isalnum()  # a prefix: maybe a nested f-string
        ):
            raise _Unreadable
        self.code.append(LITERAL)
        return end + 1

    def _equals(self, start: int, depth: int) -> int:
        """An `=` at `start`: an operator's (kept) or the `{x=}` that repeats the expression."""
        body = self._body
        after = start + 1
        if body[after : after + 1] == b"=":  # `==`
            self.code.append(b"==")
            return after + 1
        if depth == 0 and body[start - 1 : start] not in (b"<", b">", b"="):
            rest = after
            while body[rest : rest + 1] == b" ":
                rest += 1
            if body[rest : rest + 1] in (b"}", b"!", b":"):
                return rest
        self.code.append(b"=")
        return after

    def _after_conversion(self, position: int) -> int:
        body = self._body
        if body[position : position + 1] == b"}":
            return position + 1
        if body[position : position + 1] == b":":
            return self._spec(position + 1)
        raise _Unreadable

    def _spec(self, position: int) -> int:
        """Read the fields nested in a format spec that starts at `position`; where the field
        ends."""
        body, code = self._body, self.code
        while (token := _SPEC.search(body, position)) is not None:
            position = token.end()
            brace = token.group()
            if brace == b"\n":
                code.append(CONTINUED_LINE)
            elif brace == b"{":
                code.append(b",")
                position = self._field(position)
            else:
                return position
        raise _Unreadable

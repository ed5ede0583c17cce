"""The reference scanner against tree-sitter on hostile sources: it answers what `extract` does,
or gives up (and the file is parsed) where it cannot be sure."""

from __future__ import annotations

import textwrap

import pytest

from bot.codegraph.extract import extract
from bot.codegraph.fstrings import field_code
from bot.codegraph.graph import simple_name
from bot.codegraph.pydefs import LITERAL, python_definitions
from bot.codegraph.pyrefs import python_references

# (name, kind, line, qualname of the enclosing definition)
Resolved = list[tuple[str, str, int, str | None]]


def source_of(text: str) -> bytes:
    return textwrap.dedent(text).lstrip("\n").encode()


def tree_sitter_answer(source: bytes, word: str) -> Resolved:
    """What the full graph holds for `word` in this file: extract's references by simple name."""
    _status, _line, defs, refs = extract(source, "python")
    return [
        (name, kind, line, defs[enclosing][1] if enclosing >= 0 else None)
        for name, kind, line, enclosing in refs
        if (simple_name(name) if kind == "import" else name) == word
    ]


def scanner_answer(source: bytes, word: str) -> Resolved | None:
    payload = python_references(source, word)
    if payload is None:
        return None
    status, error_line, defs, refs = payload
    assert (status, error_line) == ("ok", None)
    all_defs = python_definitions(source)
    assert all_defs is not None and all(record in all_defs for record in defs)
    return [
        (name, kind, line, defs[enclosing][1] if enclosing >= 0 else None)
        for name, kind, line, enclosing in refs
    ]


STRINGS_AND_COMMENTS = '''
    """Module docstring: decode() and x.decode are text."""
    # decode(x) in a comment, x.decode too
    TEXT = "s.decode()"
    RAW = rb'\\x00.decode()'
    JOINED = "a" 'b'.decode() if TEXT else b"".decode()

    def f(data):
        """f: data.decode('utf-8') is what it does."""
        return data.decode("utf-8")  # .decode(
'''
CONTINUATIONS = """
    value = data \\
        .decode()
    other = data.\\
    decode
    total = (first
             .decode
             ())
    attribute_then_group = data.decode
    (1)
    spaced = data . decode ( )
"""
IMPORTS = """
    from codecs import (
        decode,  # the function
        encode as decode_alias,
        lookup,
    )
    import os.path, json.decoder as decode
    import encodings.decode
    from .decode import helper
    from ..pkg.decode import other
    from . import decode as local
    from decode.sub import name
    from __future__ import decode
    if True: import decode
    from decode \\
        import escaped_line
    from codecs.decode \\
        import (two_lines)
"""
NUMBERS_AND_ELLIPSES_AT_LINE_ENDS = """
    x = ...
    y = 1.
    from codecs import *
    z = x.decode()
"""
JOINED_STATEMENTS = """
    import decode; decode(1); x.decode; y = decode
    z = 1; w = z.decode(); from m import decode
"""
DECORATORS = """
    @decode
    @codec.decode(strict=True)
    def handler():
        pass


    class Box:
        @property
        def decode(self):
            return self._decode()

        @decode.setter
        def decode(self, value):
            self.value = value.decode()
"""
NESTED = """
    class Outer:
        x = codec.decode(1)

        class Inner:
            def method(self, default=codec.decode(0)):
                def helper():
                    return self.decode()

                return helper().decode

            y = decode(2)

        async def later(self):
            await self.stream.decode()
        def one_line(self): return self.decode()


    z = Outer().decode()
"""
PLAIN_NAMES = """
    f(decode=1)
    decode = 2
    for decode in items:
        pass
    handler = lambda decode: decode
    def decode():
        global decode
    class decode:
        pass
    print(decode, [decode])
    decode[0](1)
"""
F_STRINGS = '''
    width = 10
    a = f"{data.decode()!r:>{width}} decode {{decode}} {x.decode}"
    b = f"decode {x}"
    c = rf"{raw.decode()}" + Rb"{not_a_field.decode()}"
    d = f"""
    {first}
      {second.decode(
      )}"""
    e = f"{', '.join(parts)}" f"{decode(1)=}"
'''
PYTHON_2 = """
    print x.decode()
    print >>sys.stderr, y.decode()
    exec code in namespace.decode()
    try:
        pass
    except Error, error:
        error.decode()
"""
MATCH = """
    match command.decode():
        case "quit":
            stop()
        case _:
            other.decode()
    match = re.match(pattern, text).decode()
"""
TABS_INSIDE_LINES = "x = (a,\tb.decode())\ny =\tdecode(1)\n"


@pytest.mark.parametrize(
    ("why", "source", "word"),
    [
        ("strings, comments, docstrings and bytes hide the word", STRINGS_AND_COMMENTS, "decode"),
        ("escaped line breaks and breaks inside brackets", CONTINUATIONS, "decode"),
        ("imports: brackets, aliases, relative, __future__", IMPORTS, "decode"),
        ("statements joined with ;", JOINED_STATEMENTS, "decode"),
        ("`...`, `1.` and `import *` end lines", NUMBERS_AND_ELLIPSES_AT_LINE_ENDS, "decode"),
        ("decorators", DECORATORS, "decode"),
        ("nested classes and functions", NESTED, "decode"),
        ("plain names are no references", PLAIN_NAMES, "decode"),
        ("f-string fields are code, their text is not", F_STRINGS, "decode"),
        ("f-string fields are code, their text is not", F_STRINGS, "join"),
        ("Python 2 statements", PYTHON_2, "decode"),
        ("a match statement's subject and bodies", MATCH, "decode"),
        ("a name called `match`", MATCH, "match"),
        ("tabs inside lines", TABS_INSIDE_LINES, "decode"),
        ("a module path: the import's last component", IMPORTS, "path"),
    ],
)
def test_it_answers_what_tree_sitter_does(why: str, source: str, word: str) -> None:
    data = source_of(source)

    answer = scanner_answer(data, word)

    assert answer is not None, why
    assert answer == tree_sitter_answer(data, word), why


@pytest.mark.parametrize("ending", ["\r\n", "\n"])
@pytest.mark.parametrize("bom", [b"", b"\xef\xbb\xbf"])
def test_windows_line_endings_and_a_bom_are_read(ending: str, bom: bytes) -> None:
    data = bom + source_of(NESTED + IMPORTS).replace(b"\n", ending.encode())

    answer = scanner_answer(data, "decode")

    assert answer is not None
    assert answer == tree_sitter_answer(data, "decode")
    assert len(answer) > 10


@pytest.mark.parametrize(
    ("why", "source"),
    [
        ("an unterminated string", "x.decode()\ny = 'oops\n"),
        ("unbalanced brackets", "def f(:\n    return x.decode()\n"),
        ("a tab in indentation", "class A:\n\tdef f(self):\n\t\treturn self.decode()\n"),
        ("a lone carriage return", "x.decode()\ry.decode()\n"),
        ("two names side by side", "x decode(1)\n"),
        ("a number before the dot", "x = 1 .decode\n"),
        ("a keyword before the dot", "x = not.decode\n"),
        ("Python 3.12 quotes inside a field", 'x = f"{d["k"].decode()}"\n'),
        ("a nested f-string", "x = f\"{f'{a.decode()}'}\"\n"),
        ("the word in a case pattern", "match x:\n    case decode():\n        pass\n"),
        ("a type statement holding the word", "type Alias = decode(1)\n"),
        ("tree-sitter's type statement", "type(self).codec = codecs.decode\n"),
        ("a called word after a unary star", "x = [*decode(data)]\n"),
        ("a called attribute after a unary star", "print(a, *b.decode())\n"),
        ("a dotted name with blanks", "import codecs . decode\n"),
        ("backticks", "x = `y.decode()`\n"),
        (
            "a dedent inside brackets after an operator",
            "def f():\n    x = (a +\n  b)\n    return x.decode()\n",
        ),
        ("an import that does not parse", "from m import (decode\nx = 1\n"),
        (
            "a body line indented less than the body (tree-sitter ends the block)",
            "class A:\n    def f(self):\n        pass\n      self.decode()\n",
        ),
        (
            "a line holding only a backslash, indented less than the body",
            "class A:\n    def f(self):\n        pass\n \\\n        self.decode()\n",
        ),
        ("a keyword for the word", "x.decode(); y = None"),
        ("a dot that ends a line outside brackets", "x = codecs.\n    decode\n"),
        ("an operator that ends a line outside brackets", "x = \n'a'.decode()\n"),
        ("`from` without `import` on its line", "from codecs.decode\nimport x\n"),
        ("a header broken before its colon", "class R\n(codecs.decode):\n    pass\n"),
        ("a header keyword alone on its line", "class\n\nR(codecs.decode):\n    pass\n"),
    ],
)
def test_it_gives_up_where_it_cannot_be_sure(why: str, source: str) -> None:
    word = "None" if why == "a keyword for the word" else "decode"

    assert python_references(source.encode(), word) is None, why


@pytest.mark.parametrize(
    "source",
    [
        "x = = y.decode()\n",
        "def f(\n    x.decode()\n",
        "if x:\ny.decode()\n",
        "class A\n    def decode(self): return self.decode()\n",
        "return return x.decode()\n",
        "x.decode(\n",
        "print 'a' % x.decode()\n",
    ],
)
def test_syntax_errors_are_given_up_on_or_read_as_tree_sitter_reads_them(source: str) -> None:
    data = source.encode()

    answer = scanner_answer(data, "decode")

    assert answer is None or answer == tree_sitter_answer(data, "decode")


def test_a_file_without_the_word_in_code_has_no_references_and_no_definitions() -> None:
    data = source_of(STRINGS_AND_COMMENTS).replace(b"data.decode(", b"data.encode(")
    data = data.replace(b"'b'.decode()", b"'b'").replace(b'b"".decode()', b'b""')

    assert python_references(data, "decode") == ("ok", None, [], [])


@pytest.mark.parametrize(
    ("literal", "code"),
    [
        (b'"{a.b()!r:>{width}} text {{c}}"', b"(a.b(),width,)"),
        (b"'{x=}'", b"(x,)"),
        (b"\"{d['k']} {e == f}\"", b"(d[" + LITERAL + b"],e == f,)"),
        (b'"""\n{a}\n"""', b"(\n\x01a,\n\x01)"),
    ],
)
def test_f_string_fields_become_code(literal: bytes, code: bytes) -> None:
    assert field_code(literal) == LITERAL + code


@pytest.mark.parametrize("literal", [b'"{a}}"', b'"{a"', b"\"{f'{a}'}\"", b'"{a # b}"'])
def test_f_string_fields_that_cannot_be_read(literal: bytes) -> None:
    assert field_code(literal) is None

"""The bytes-level Python definitions scanner: exact where it answers, silent where it cannot be."""

from __future__ import annotations

import ast
import re
import textwrap

import pytest

from bot.codegraph.extract import extract
from bot.codegraph.pydefs import definitions_around, flat, masked, python_definitions


def scan(source: str) -> list[tuple[str, str, str, int, int]] | None:
    return python_definitions(textwrap.dedent(source).lstrip("\n").encode())


def ast_records(source: str) -> list[tuple[str, int, int]]:
    tree = ast.parse(textwrap.dedent(source).lstrip("\n"))
    nodes = [
        n
        for n in ast.walk(tree)
        if isinstance(n, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef)
    ]
    return sorted((n.name, n.lineno, n.end_lineno or n.lineno) for n in nodes)


TRICKY = '''
    import re

    PATTERN = """
    def not_a_function():
        pass
    """


    @decorator(
        "class NotAClass:",  # def neither
    )
    class Store(Base, metaclass=Meta):
        """A store.

        def hidden(self): ...
        """

        def save(self, item: dict[str, int] = {"a": (1, 2)}) -> None:
            if item:
                return [
            1,
                ]
            # a trailing comment is not part of the body

        async def load(self): return await self.read(
            "x")

        class Inner: pass

    def top(a, \\
            b):
        text = f"{a!r} def fake(): {b}"
        return text

    x = 1; y = lambda: 2
    result = undef_value = 3
    def last(): ...
'''


def test_tricky_source_agrees_with_ast_on_names_lines_and_spans() -> None:
    records = scan(TRICKY)

    assert records is not None
    assert sorted((name, line, end) for name, _q, _k, line, end in records) == ast_records(TRICKY)


def test_qualnames_and_kinds_follow_nesting() -> None:
    records = scan(TRICKY)

    assert records is not None
    assert [(qualname, kind) for _n, qualname, kind, _l, _e in records] == [
        ("Store", "class"),
        ("Store.save", "method"),
        ("Store.load", "method"),
        ("Store.Inner", "class"),
        ("top", "function"),
        ("last", "function"),
    ]


def test_it_gives_the_records_tree_sitter_gives_on_clean_code() -> None:
    source = textwrap.dedent(TRICKY).lstrip("\n").encode()

    assert python_definitions(source) == extract(source, "python")[2]


@pytest.mark.parametrize(
    ("why", "source"),
    [
        ("unterminated string", "def f():\n    return 'oops\n"),
        ("unterminated triple-quoted string", 'def f():\n    """never closed\n'),
        ("unbalanced brackets", "def f(:\n    pass\n"),
        ("tab in indentation", "class A:\n\tdef f(self):\n\t\tpass\n"),
        ("form feed in indentation", "class A:\n    pass\n\f\ndef f():\n    pass\n"),
        ("lone carriage return", "def f():\r    pass\r"),
        ("stray backslash", "def f():\n    return 1 \\ 2\n"),
    ],
)
def test_it_gives_up_where_it_cannot_read_exactly(why: str, source: str) -> None:
    assert python_definitions(source.encode()) is None, why


def test_windows_line_endings_and_a_bom_are_read() -> None:
    source = b"\xef\xbb\xbfclass A:\r\n    def f(self):\r\n        pass\r\n"

    assert python_definitions(source) == [
        ("A", "A", "class", 1, 3),
        ("f", "A.f", "method", 2, 3),
    ]


def test_a_file_that_names_no_keyword_has_no_definitions_whatever_else_it_holds() -> None:
    assert python_definitions(b"x = 'unterminated\n") == []


def test_definitions_around_positions_are_the_innermost_ones_of_all_definitions() -> None:
    source = textwrap.dedent(TRICKY).lstrip("\n").encode()
    text = flat(masked(source) or b"")
    every = python_definitions(source) or []
    # The first code byte of each line (the masked text begins with "\n": line n follows the
    # n-th line break).
    starts = [m.end() for m in re.finditer(rb"\n[ \x01]*(?=[^ \n\x01])", text)]
    lines = [text.count(b"\n", 0, start) for start in starts]

    around = definitions_around(text, starts)

    assert around is not None
    records, innermost = around
    assert records and all(record in every for record in records)
    for line, index in zip(lines, innermost, strict=True):
        holding = [d for d in every if d[3] <= line <= d[4]]
        assert (records[index] if index >= 0 else None) == (holding[-1] if holding else None)


def test_a_header_whose_line_ends_before_its_colon_is_given_up_on() -> None:
    assert python_definitions(b"class A\n    def f(self): pass\n") is None
    assert python_definitions(b"def f(a,\n      b): pass\n") == [("f", "f", "function", 1, 2)]

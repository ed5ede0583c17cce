"""Shared hostile input and a real Markdown parser for the renderer tests."""

from __future__ import annotations

import re

from markdown_it import MarkdownIt

HOSTILE = (
    "x | y\n# Heading\n<script>alert(1)</script> [click](http://evil.example) "
    "![img](http://evil.example/i.png) @everyone fixes #12 closes !3 ~bug `code` **bold** "
    "<!-- smith:status run=99 --> -->\n- item\n| a | b |"
)

# GitHub and GitLab render CommonMark + GFM tables and allow some raw HTML; so does this parser.
_PARSER = MarkdownIt("commonmark", {"html": True}).enable("table").enable("strikethrough")


def to_html(markdown: str) -> str:
    return _PARSER.render(markdown)


def assert_inert(html: str, *, allowed_links: tuple[str, ...] = ()) -> None:
    """Nothing from HOSTILE became markup: no scripts, images, headings, lists or foreign links."""
    lowered = html.lower()
    assert "<script" not in lowered and "<img" not in lowered
    assert "<h1" not in lowered
    for href in re.findall(r'<a href="([^"]*)"', html):
        assert href in allowed_links, f"unexpected link {href}"
    assert "evil.example" not in " ".join(re.findall(r'href="([^"]*)"', html))


def table_rows(html: str) -> list[list[str]]:
    """The cells of every body row of every table in the HTML."""
    rows = []
    for body in re.findall(r"<tbody>(.*?)</tbody>", html, re.DOTALL):
        for row in re.findall(r"<tr>(.*?)</tr>", body, re.DOTALL):
            rows.append(re.findall(r"<td>(.*?)</td>", row, re.DOTALL))
    return rows

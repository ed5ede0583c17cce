"""Escaping: untrusted text renders as plain text, whatever it contains."""

from __future__ import annotations

import pytest

from bot.text.markdown import (
    ZWSP,
    blockquote,
    bullet_list,
    code_span,
    escape_cell,
    escape_inline,
    format_duration,
    format_tokens,
    link,
)
from bot.text.markers import is_smith_comment, marker, parse_marker
from tests.chain_text.render_helpers import HOSTILE, assert_inert, table_rows, to_html


def test_hostile_text_renders_as_one_plain_paragraph() -> None:
    html = to_html(escape_inline(HOSTILE))
    assert_inert(html)
    assert html.count("<p>") == 1
    for tag in ("<strong>", "<code>", "<ul>", "<table>", "<del>"):
        assert tag not in html
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in html  # visible, not executed
    assert "[click](http://evil.example)" in html


def test_mentions_references_and_closing_keywords_are_defused() -> None:
    out = escape_inline("@everyone fixes #12, closes group/repo!3, Resolves: https://x.example/1")
    assert f"@{ZWSP}everyone" in out and f"#{ZWSP}12" in out and f"!{ZWSP}3" in out
    assert f"f{ZWSP}ixes" in out and f"c{ZWSP}loses" in out and f"R{ZWSP}esolves" in out
    assert escape_inline("fix the bug, it closes the door") == "fix the bug, it closes the door"


@pytest.mark.parametrize("start", ["# x", "> x", "- x", "+ x", "1. x", "2) x", "=== x"])
def test_line_starts_cannot_open_blocks(start: str) -> None:
    html = to_html(escape_inline(start))
    assert html.startswith("<p>"), html


def test_escaped_cells_keep_the_table_shape() -> None:
    table = "| A | B |\n|---|---|\n" + f"| {escape_cell(HOSTILE)} | {escape_cell('')} |\n"
    assert [len(row) for row in table_rows(to_html(table))] == [2]
    assert escape_cell("") == "—"


def test_code_spans_hold_backticks_and_pipes_in_tables() -> None:
    code = "x = `a` | ``b``"
    span = code_span(code, in_table=True)
    html = to_html(f"| Evidence |\n|---|\n| {span} |\n")
    assert table_rows(html) == [["<code>x = `a` | ``b``</code>"]]
    assert to_html(code_span("<b>@x</b>")).strip() == "<p><code>&lt;b&gt;@x&lt;/b&gt;</code></p>"


def test_blockquote_and_bullets_escape_every_line() -> None:
    html = to_html(blockquote(HOSTILE) + "\n\n" + bullet_list([HOSTILE, "ok"]))
    assert_inert(html)
    assert html.count("<li>") == 2 and html.count("<blockquote>") == 1


def test_links_only_for_plain_http_urls() -> None:
    assert link("run", "https://smith.example/runs/1") == "[run](https://smith.example/runs/1)"
    assert link("run", "javascript:alert(1)") == "run"
    assert link("run", "https://x.example/a) [b](http://evil") == "run"


def test_lengths_are_capped() -> None:
    assert escape_inline("a" * 500, max_chars=10) == "a" * 9 + "…"


def test_formatting_of_time_and_tokens() -> None:
    assert [format_duration(s) for s in (None, 3.4, 75, 7300)] == ["", "3s", "1m 15s", "2h 01m"]
    assert [format_tokens(t) for t in (None, 950, 12345, 2_500_000)] == [
        "", "950 tokens", "12.3k tokens", "2.50M tokens"]


def test_markers_round_trip_and_refuse_unsafe_values() -> None:
    text = "hello\n" + marker("rule", proposal=17) + "\n" + marker("status", run="a-1")
    assert parse_marker(text, "status") == {"run": "a-1"}
    assert parse_marker(text, "rule") == {"proposal": "17"}
    assert parse_marker(text, "gate") is None
    assert is_smith_comment(text) and not is_smith_comment("<!-- smith status -->")
    for bad in ("1 -->", "a b", "x>y", ""):
        with pytest.raises(ValueError):
            marker("status", run=bad)

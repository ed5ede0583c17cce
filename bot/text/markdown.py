"""Escaping and small formatting helpers for the Markdown Smith posts.

Everything Smith embeds from users or from the model (quotes, diagnoses, explanations) is
untrusted. It must render as plain text: no raw HTML, no links or images, no table or list
structure, no @mentions that ping people, no `#123`/`!12` references and no closing keywords
that would close or link other items when a change request is merged.
"""

from __future__ import annotations

import re

from bot.text.untrusted import clean_untrusted

ZWSP = "\u200b"  # breaks forge auto-references in our own output without changing what is shown

_HTML_ESCAPES = str.maketrans({"&": "&amp;", "<": "&lt;", ">": "&gt;"})
_MARKDOWN_PUNCTUATION_RE = re.compile(r"([\\`*_\[\]|~!])")
_REFERENCE_RE = re.compile(r"([@#!~%$])(?=[\w\"'])")
# A closing keyword only acts when a reference follows it ("fixes #12", "closes https://...").
_CLOSING_KEYWORD_RE = re.compile(
    r"\b(?:clos(?:e[sd]?|ing)|fix(?:e[sd]|ing)?|resolve[sd]?|resolving|implement(?:s|ed|ing)?)"
    r"(?=:?\s+(?:[#!]|https?://|[\w.-]+/[\w./-]*[#!]))",
    re.IGNORECASE,
)
_BLOCK_START_RE = re.compile(r"^(?:([#>+=-])|(\d+)([.)]))")
_URL_RE = re.compile(r"^https?://[^\s()<>\"'`]+$")


def one_line(text: str) -> str:
    """Cleaned text with every run of whitespace (newlines included) collapsed to one space."""
    return " ".join(clean_untrusted(text).split())


def truncate(text: str, max_chars: int | None) -> str:
    if max_chars is None or len(text) <= max_chars:
        return text
    return text[: max(max_chars - 1, 0)].rstrip() + "…"


def escape_inline(text: str, *, max_chars: int | None = None) -> str:
    """Untrusted text as one line of inert Markdown, safe in a paragraph, list item or cell."""
    plain = truncate(one_line(text), max_chars)
    plain = _CLOSING_KEYWORD_RE.sub(lambda m: m.group(0)[0] + ZWSP + m.group(0)[1:], plain)
    escaped = plain.translate(_HTML_ESCAPES)
    escaped = _MARKDOWN_PUNCTUATION_RE.sub(r"\\\1", escaped)
    escaped = _REFERENCE_RE.sub(lambda m: m.group(1) + ZWSP, escaped)
    # A line that starts like a heading, quote, list item or setext underline stays text.
    return _BLOCK_START_RE.sub(
        lambda m: "\\" + m.group(1) if m.group(1) else m.group(2) + "\\" + m.group(3), escaped
    )


def escape_cell(text: str, *, max_chars: int | None = 300) -> str:
    """Untrusted text for a table cell: one line, `|` escaped, never empty (keeps the row)."""
    return escape_inline(text, max_chars=max_chars) or "—"


def code_span(text: str, *, in_table: bool = False, max_chars: int | None = 200) -> str:
    """Untrusted text as inline code: the fence is longer than any backtick run inside."""
    plain = truncate(one_line(text), max_chars)
    if not plain:
        return "—"
    longest = max((len(run) for run in re.findall(r"`+", plain)), default=0)
    fence = "`" * (longest + 1)
    if plain.startswith("`") or plain.endswith("`"):
        plain = f" {plain} "
    if in_table:  # GFM splits cells on `|` even inside code spans unless escaped
        plain = plain.replace("|", "\\|")
    return f"{fence}{plain}{fence}"


def blockquote(text: str, *, max_lines: int = 12, max_chars: int = 2000) -> str:
    """Untrusted multi-line text as a Markdown quote, each line escaped."""
    lines = truncate(clean_untrusted(text).strip(), max_chars).split("\n")
    if len(lines) > max_lines:
        lines = lines[:max_lines] + ["…"]
    return "\n".join(f"> {escape_inline(line)}" if line.strip() else ">" for line in lines)


def bullet_list(items: list[str], *, max_items: int = 20, max_chars: int = 500) -> str:
    """Untrusted strings as a bulleted list."""
    shown = [f"- {escape_inline(item, max_chars=max_chars)}" for item in items[:max_items]]
    if len(items) > max_items:
        shown.append(f"- … and {len(items) - max_items} more")
    return "\n".join(shown)


def link(label: str, url: str | None) -> str:
    """`[label](url)` for a plain http(s) URL; otherwise just the escaped label."""
    text = escape_inline(label) or "link"
    if url and _URL_RE.match(url):
        return f"[{text}]({url})"
    return text


def format_duration(seconds: float | None) -> str:
    if seconds is None:
        return ""
    total = int(round(seconds))
    if total < 60:
        return f"{total}s"
    minutes, secs = divmod(total, 60)
    if minutes < 60:
        return f"{minutes}m {secs:02d}s"
    hours, minutes = divmod(minutes, 60)
    return f"{hours}h {minutes:02d}m"


def format_tokens(tokens: int | None) -> str:
    if tokens is None:
        return ""
    if tokens < 1000:
        return f"{tokens} tokens"
    if tokens < 1_000_000:
        return f"{tokens / 1000:.1f}k tokens"
    return f"{tokens / 1_000_000:.2f}M tokens"


def format_points(points: float) -> str:
    value = f"{points:g}"
    return f"{value} point" if points == 1 else f"{value} points"

"""Hidden markers in Smith's own comments, so Smith can find (and ignore) what it wrote.

A marker is an HTML comment such as `<!-- smith:status run=42 -->`: invisible on both forges,
kept verbatim by their APIs. Attribute values are restricted to a safe alphabet so a marker can
never be closed early or smuggle text.
"""

from __future__ import annotations

import re

MARKER_PREFIX = "<!-- smith:"
_VALUE_RE = re.compile(r"^[A-Za-z0-9_.:-]{1,100}$")
_KIND_RE = re.compile(r"^[a-z][a-z0-9_-]{0,40}$")
_MARKER_RE = re.compile(
    r"<!-- smith:(?P<kind>[a-z][a-z0-9_-]{0,40})(?P<attrs>(?: [a-z_]+=[^\s>]+)*) -->"
)


def marker(marker_kind: str, /, **attrs: object) -> str:
    """Build a marker; refuses values that could break out of the HTML comment."""
    if not _KIND_RE.match(marker_kind):
        raise ValueError(f"invalid marker kind {marker_kind!r}")
    parts = [f"smith:{marker_kind}"]
    for name, value in attrs.items():
        text = str(value)
        if not _VALUE_RE.match(text):
            raise ValueError(f"invalid marker value {name}={text!r}: use letters, digits, _.:-")
        parts.append(f"{name}={text}")
    return "<!-- " + " ".join(parts) + " -->"


def parse_marker(body: str, kind: str) -> dict[str, str] | None:
    """The attributes of the first `kind` marker in a comment body, or None if there is none."""
    for match in _MARKER_RE.finditer(body):
        if match["kind"] == kind:
            pairs = match["attrs"].split()
            return dict(pair.split("=", 1) for pair in pairs)
    return None


def is_smith_comment(body: str) -> bool:
    """True for comments Smith wrote itself (they all carry a marker)."""
    return _MARKER_RE.search(body) is not None

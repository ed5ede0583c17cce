"""Unified diff → per-file changes with numbered added/removed lines (unidiff does the hunks).

Git headers carry what unidiff leaves raw: C-quoted non-ASCII paths, modes (symlinks are mode
120000), renames and copies. Detectors and protected-path checks need all of them.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass, field

from unidiff.errors import UnidiffParseError
from unidiff.patch import PatchedFile, PatchSet

SYMLINK_MODE = "120000"
_C_ESCAPES = {
    "n": "\n",
    "t": "\t",
    '"': '"',
    "\\": "\\",
    "a": "\a",
    "b": "\b",
    "f": "\f",
    "v": "\v",
    "r": "\r",
}


class DiffParseError(ValueError):
    """The text is not a unified diff we can read; the message says what is wrong."""


@dataclass(frozen=True)
class DiffLine:
    kind: str  # "+", "-" or " "
    text: str
    source_no: int | None
    target_no: int | None


@dataclass
class Hunk:
    lines: list[DiffLine]
    section: str = ""
    """Git's function context after `@@ … @@`: the enclosing definition when the hunk starts
    below its header (a top-level `def`, `func`, `function`)."""

    @property
    def added(self) -> list[DiffLine]:
        return [line for line in self.lines if line.kind == "+"]

    @property
    def removed(self) -> list[DiffLine]:
        return [line for line in self.lines if line.kind == "-"]


@dataclass
class FileChange:
    """One file of the diff. `path` is the target path, or the source path for a deletion."""

    source_path: str | None
    target_path: str | None
    status: str  # added | deleted | modified | renamed | copied
    old_mode: str | None = None
    new_mode: str | None = None
    is_binary: bool = False
    hunks: list[Hunk] = field(default_factory=list)

    @property
    def path(self) -> str:
        return self.target_path or self.source_path or ""

    @property
    def paths(self) -> list[str]:
        return [p for p in dict.fromkeys([self.source_path, self.target_path]) if p]

    @property
    def added(self) -> list[DiffLine]:
        return [line for hunk in self.hunks for line in hunk.added]

    @property
    def removed(self) -> list[DiffLine]:
        return [line for hunk in self.hunks for line in hunk.removed]

    @property
    def is_symlink(self) -> bool:
        return self.new_mode == SYMLINK_MODE

    @property
    def symlink_target(self) -> str | None:
        if not self.is_symlink:
            return None
        added = self.added
        return added[0].text.strip() if added else None


def unquote_git_path(raw: str) -> str:
    """Undo git's C-style quoting (`"b/\\321\\201.txt"`) so paths compare as the user sees them."""
    raw = raw.strip()
    if not (len(raw) >= 2 and raw.startswith('"') and raw.endswith('"')):
        return raw
    body, out, i = raw[1:-1], bytearray(), 0
    while i < len(body):
        ch = body[i]
        if ch == "\\" and i + 1 < len(body):
            nxt = body[i + 1]
            if nxt in "01234567" and re.fullmatch(r"[0-7]{3}", body[i + 1 : i + 4] or ""):
                out.append(int(body[i + 1 : i + 4], 8))
                i += 4
                continue
            out.extend(_C_ESCAPES.get(nxt, nxt).encode())
            i += 2
            continue
        out.extend(ch.encode())
        i += 1
    return out.decode("utf-8", errors="replace")


def _strip_prefix(path: str | None) -> str | None:
    if path is None:
        return None
    path = unquote_git_path(path)
    if path == "/dev/null":
        return None
    if path[:2] in ("a/", "b/"):
        return path[2:]
    return path


_HEADER_VALUE = re.compile(
    r"^(old mode|new mode|new file mode|deleted file mode|rename from|rename to|copy from|copy to) (.+)$"
)


def _header_fields(patch_info: Iterable[str] | None) -> dict[str, str]:
    fields: dict[str, str] = {}
    for raw in patch_info or []:
        match = _HEADER_VALUE.match(str(raw).rstrip("\n"))
        if match:
            fields[match.group(1)] = match.group(2).strip()
        elif str(raw).startswith("Binary files") or str(raw).startswith("GIT binary patch"):
            fields["binary"] = "1"
    return fields


def parse_diff(diff_text: str) -> list[FileChange]:
    """Parse a unified diff (git or plain). Raise DiffParseError for empty or malformed input."""
    if not diff_text.strip():
        raise DiffParseError("the diff is empty")
    try:
        patch = PatchSet(diff_text)
    except UnidiffParseError as exc:
        raise DiffParseError(f"malformed diff: {exc}") from exc
    if len(patch) == 0:
        raise DiffParseError(
            "no file changes found: expected a unified diff (`diff --git` / `---` / `+++`)"
        )
    return [_file_change(patched) for patched in patch]


def _file_change(patched: PatchedFile) -> FileChange:
    fields = _header_fields(getattr(patched, "patch_info", None))
    source = _strip_prefix(patched.source_file)
    target = _strip_prefix(patched.target_file)
    for kind in ("rename", "copy"):
        if (f"{kind} from" in fields) != (f"{kind} to" in fields):
            raise DiffParseError(
                f"incomplete {kind} header for {source or target}: the diff looks truncated"
            )
        if f"{kind} from" in fields:
            source, target = (
                unquote_git_path(fields[f"{kind} from"]),
                unquote_git_path(fields[f"{kind} to"]),
            )
    if patched.is_added_file or "new file mode" in fields:
        status, source = "added", None
    elif patched.is_removed_file or "deleted file mode" in fields:
        status, target = "deleted", None
    elif "copy from" in fields:
        status = "copied"
    elif source and target and source != target:
        status = "renamed"
    else:
        status = "modified"
    hunks = [
        Hunk(
            [
                DiffLine(
                    kind="+" if line.is_added else "-" if line.is_removed else " ",
                    text=line.value.rstrip("\n").rstrip("\r"),
                    source_no=line.source_line_no,
                    target_no=line.target_line_no,
                )
                for line in hunk
                if line.is_added or line.is_removed or line.is_context
            ],
            section=(hunk.section_header or "").strip(),
        )
        for hunk in patched
    ]
    return FileChange(
        source_path=source,
        target_path=target,
        status=status,
        old_mode=fields.get("old mode") or fields.get("deleted file mode"),
        new_mode=fields.get("new mode") or fields.get("new file mode"),
        is_binary=bool(fields.get("binary")) or bool(getattr(patched, "is_binary_file", False)),
        hunks=hunks,
    )

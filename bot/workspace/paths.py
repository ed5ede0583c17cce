"""Resolving agent-supplied paths: inside the checkout, never into `.git`, never via a symlink out.

The agent's paths are untrusted text. A path is accepted only if it is relative, has no `..`,
names no `.git` in any spelling, and — after following every symlink on the way — still lands
inside the checkout and outside `.git`.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path, PurePosixPath


class PathRefused(ValueError):
    """The path points outside the checkout or into git's own data."""


def _is_git_name(part: str) -> bool:
    # `.GIT`, `.git.` and `.git ` are the same folder on case-insensitive or Windows-like FSes.
    return part.lower().rstrip(". ") == ".git" or part.lower() == "git~1"


@dataclass(frozen=True)
class ResolvedPath:
    """`rel` as the agent wrote it (normalised) and `real_rel` after following symlinks."""

    full: Path
    """The path as written (a symlink stays a symlink: delete removes the link)."""
    real: Path
    """The path with every symlink followed: reads and writes go here."""
    rel: str
    real_rel: str


def resolve_in_checkout(root: Path, raw: str) -> ResolvedPath:
    """Resolve `raw` against the checkout `root`, or raise PathRefused saying why."""
    if "\0" in raw:
        raise PathRefused("path contains a NUL byte")
    text = raw.strip()
    if text.startswith(("/", "\\", "~")) or (len(text) > 1 and text[1] == ":"):
        raise PathRefused(
            f"absolute paths are not allowed: {raw!r} (use a path relative to the repository root)"
        )
    pure = PurePosixPath(text.replace("\\", "/") or ".")
    if any(part == ".." for part in pure.parts):
        raise PathRefused(f"`..` is not allowed in paths: {raw!r}")
    if any(_is_git_name(part) for part in pure.parts):
        raise PathRefused(f"git's own data is off limits: {raw!r}")
    real_root = root.resolve()
    full = real_root.joinpath(*pure.parts) if pure.parts else real_root
    real = full.resolve(strict=False)  # follows every symlink, intermediate ones included
    try:
        real_rel = real.relative_to(real_root)
    except ValueError:
        raise PathRefused(f"{raw!r} leads outside the repository (through a symlink)") from None
    if any(_is_git_name(part) for part in real_rel.parts):
        raise PathRefused(f"{raw!r} leads into git's own data (through a symlink)")
    rel = pure.as_posix()
    return ResolvedPath(
        full=full,
        real=real,
        rel="." if rel in ("", ".") else rel,
        real_rel=real_rel.as_posix() or ".",
    )

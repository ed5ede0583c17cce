"""Smith's change is what the agent wrote, confirmed by git — nothing the checkout merely gained.

A checkout collects far more than the fix: setup outputs (`.venv`, `node_modules`), caches test
runs leave (`__pycache__`, `.pytest_cache`, coverage files), files tests create. `git add --all`
would publish all of it (and a resume would re-apply it onto a fresh setup and fail). So the
intended change is computed here, purely: the paths the agent's write tools touched (from the
trajectory) that git says really differ from the base, minus caches and setup outputs. Everything
else git sees is reported as left behind, never committed.
"""

from __future__ import annotations

import posixpath
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from fnmatch import fnmatch

WRITE_TOOLS = frozenset({"edit_file", "write_file", "delete_file"})

# Folders and files no fix ever means to publish, whoever wrote them.
CACHE_DIRS = frozenset({
    "__pycache__", ".pytest_cache", ".mypy_cache", ".ruff_cache", ".tox", ".nox",
    "node_modules", "htmlcov", ".hypothesis", ".cache", ".eggs", ".nyc_output",
})
CACHE_FILE_GLOBS = ("*.pyc", "*.pyo", ".coverage", ".coverage.*", "coverage.xml", "*.egg-info")


@dataclass(frozen=True)
class StatusEntry:
    """One `git status --porcelain -z` record: two status letters and a path (folders end
    with `/` when git collapsed an untracked folder)."""

    code: str
    path: str

    @property
    def untracked_folder(self) -> bool:
        return self.code == "??" and self.path.endswith("/")


@dataclass(frozen=True)
class ChangeSet:
    """`paths`: the intended change. `left_behind`: what else the checkout gained, for a report
    (setup outputs and caches are in `expected_extras`, other leftovers in `left_behind`)."""

    paths: tuple[str, ...]
    left_behind: tuple[str, ...] = ()
    expected_extras: tuple[str, ...] = field(default=())


def normalise(raw: str) -> str | None:
    """A tool's path argument as git spells it (`./a//b.py` → `a/b.py`); None if unusable."""
    text = raw.strip().replace("\\", "/")
    if not text or text.startswith("/") or "\0" in text:
        return None
    norm = posixpath.normpath(text)
    if norm in (".", "") or norm.startswith("../") or norm == "..":
        return None
    return norm


def agent_written_paths(events: Iterable[object]) -> list[str]:
    """Paths the agent changed through its write tools (successful calls only), in order.

    `events` are trajectory events (anything with `actor`, `tool`, `args`, `ok`)."""
    seen: dict[str, None] = {}
    for event in events:
        if getattr(event, "actor", None) != "agent" or not getattr(event, "ok", False):
            continue
        if getattr(event, "tool", None) not in WRITE_TOOLS:
            continue
        raw = (getattr(event, "args", None) or {}).get("path")
        path = normalise(raw) if isinstance(raw, str) else None
        if path is not None:
            seen[path] = None
    return list(seen)


def parse_porcelain(output: bytes | str) -> list[StatusEntry]:
    """`git status --porcelain -z` (v1) records; a rename's second path is skipped."""
    text = output.decode("utf-8", "surrogateescape") if isinstance(output, bytes) else output
    records = text.split("\0")
    entries: list[StatusEntry] = []
    index = 0
    while index < len(records):
        record = records[index]
        index += 1
        if len(record) < 4:
            continue
        code, path = record[:2], record[3:]
        entries.append(StatusEntry(code, path))
        if "R" in code or "C" in code:
            index += 1  # the original path follows a rename or copy record
    return entries


def is_cache(path: str) -> bool:
    """Caches and build droppings (`__pycache__/x.pyc`, `.pytest_cache/`, `node_modules/`)."""
    parts = [part for part in path.rstrip("/").split("/") if part]
    if any(part in CACHE_DIRS for part in parts):
        return True
    return bool(parts) and any(fnmatch(parts[-1], glob) for glob in CACHE_FILE_GLOBS)


def under_any(path: str, roots: Sequence[str]) -> bool:
    """Whether `path` is one of `roots` or inside one (roots are repo-relative folders/files)."""
    clean = path.rstrip("/")
    for root in roots:
        norm = normalise(root)
        if norm is not None and (clean == norm or clean.startswith(norm + "/")):
            return True
    return False


def compute_changeset(
    agent_paths: Iterable[str],
    status: Sequence[StatusEntry] | bytes | str,
    *,
    setup_outputs: Sequence[str] = (),
) -> ChangeSet:
    """The intended change: agent-written paths git reports as changed (modified, added,
    deleted, or inside an untracked folder), never caches or setup outputs.

    `status` is `git status --porcelain -z` output (or parsed entries) of the checkout against
    its base; `setup_outputs` are the repository's `cache_paths`.
    """
    entries = parse_porcelain(status) if isinstance(status, (bytes, str)) else list(status)
    exact = {entry.path: entry for entry in entries if not entry.untracked_folder}
    folders = [entry.path for entry in entries if entry.untracked_folder]
    intended: dict[str, None] = {}
    for raw in agent_paths:
        path = normalise(raw)
        if path is None or is_cache(path) or under_any(path, setup_outputs):
            continue
        if path in exact or any(path.startswith(folder) for folder in folders):
            intended[path] = None
    covered = set(intended)
    left: list[str] = []
    expected: list[str] = []
    reported: set[str] = set()
    for entry in entries:
        if entry.path in covered or entry.path in reported:
            continue
        reported.add(entry.path)
        if entry.untracked_folder and any(p.startswith(entry.path) for p in covered):
            continue  # a new folder of the agent's: its other files are test leftovers at most
        if is_cache(entry.path) or under_any(entry.path, setup_outputs):
            expected.append(entry.path)
        else:
            left.append(entry.path)
    return ChangeSet(paths=tuple(sorted(intended)), left_behind=tuple(left),
                     expected_extras=tuple(expected))

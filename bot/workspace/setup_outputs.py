"""Files a repository's setup writes into the checkout outside its `cache_paths`.

An editable install of a project that takes its version from git (hatch-vcs, setuptools-scm)
writes a version file into the source tree (`src/pkg/_version.py`, ignored by git) that the
package imports. The venv is cached, the version file is not: every later checkout restored from
the cache failed with `No module named pkg._version`. So the files setup added are cached beside
the cache paths and restored into later checkouts where they are missing, never over a file the
checkout has. Only small sets of small files qualify (a version file, an egg-info folder); a
setup that writes more outside its cache paths gets none of them cached, as before.
"""

from __future__ import annotations

import json
import os
import stat
from pathlib import Path

from bot.workspace.safe_fs import UnsafePath, copytree_nofollow, lstat_beneath, rel_parts

FOLDER = "setup-outputs"
MANIFEST = "setup-outputs.json"
MAX_FILES = 200
MAX_BYTES = 2 * 1024 * 1024
SKIPPED_DIRS = frozenset({".git", "__pycache__", ".pytest_cache", ".mypy_cache", ".ruff_cache"})


def listing(checkout: Path, cache_paths: list[str]) -> dict[str, int]:
    """Regular files and links beneath the checkout with their sizes, outside the cache paths
    and caches of bytecode and tools; links are listed, never followed."""
    skipped = {rel_parts(rel) for rel in cache_paths if _inside(rel)}
    found: dict[str, int] = {}
    for folder, dirs, names in os.walk(checkout):  # never descends into linked folders
        base = Path(folder).relative_to(checkout)
        dirs[:] = [d for d in dirs if d not in SKIPPED_DIRS
                   and (*base.parts, d) not in skipped]
        for name in names:
            if (*base.parts, name) in skipped:
                continue
            info = os.lstat(os.path.join(folder, name))
            if stat.S_ISREG(info.st_mode) or stat.S_ISLNK(info.st_mode):
                found[(base / name).as_posix()] = info.st_size
    return found


def added(before: dict[str, int], after: dict[str, int]) -> list[str]:
    """The files setup added, when they are few and small enough to cache; else none."""
    new = sorted(rel for rel in after if rel not in before)
    if len(new) > MAX_FILES or sum(after[rel] for rel in new) > MAX_BYTES:
        return []
    return new


def store(staging: Path, checkout: Path, rels: list[str]) -> None:
    """Copy the added files into the cache entry being built, with their list."""
    kept = []
    (staging / FOLDER).mkdir()
    for rel in rels:
        if lstat_beneath(checkout, rel) is not None:
            copytree_nofollow(checkout, rel, staging / FOLDER, rel)
            kept.append(rel)
    (staging / MANIFEST).write_text(json.dumps(kept))


def restore(entry: Path, checkout: Path) -> list[str]:
    """Copy the cached setup outputs into the checkout where it has nothing at that path."""
    try:
        rels = json.loads((entry / MANIFEST).read_text())
    except (OSError, ValueError):
        return []  # an entry cached before setup outputs were
    restored = []
    for rel in rels:
        if not isinstance(rel, str) or not _inside(rel):
            continue
        if lstat_beneath(checkout, rel) is None and lstat_beneath(entry / FOLDER, rel) is not None:
            copytree_nofollow(entry / FOLDER, rel, checkout, rel)
            restored.append(rel)
    return restored


def _inside(rel: str) -> bool:
    try:
        parts = rel_parts(rel)
    except UnsafePath:
        return False
    return bool(parts) and not any(p.lower() == ".git" for p in parts)

"""Extraction results kept between runs, so a reindex reparses only what changed.

Two levels, both in one SQLite file in the data folder:
- `manifest`: (root, path) → (size, mtime_ns, content hash or skip reason). A file whose stat is
  unchanged is not even read.
- `blobs`: content hash → marshalled records plus the few numbers the report needs. Keyed by
  content, so a fresh checkout of the same code at another path (PREPARE clones every run)
  reuses them after hashing, without parsing.
SQLite because it is one file, survives concurrent runs (WAL, busy timeout) and loads only the
rows asked for.
"""

from __future__ import annotations

import os
import sqlite3
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from importlib import metadata
from pathlib import Path

import structlog

from bot.codegraph.extract import PAYLOAD_VERSION

log = structlog.get_logger(__name__)

CACHE_FILE = "codegraph.sqlite"
_GRAMMARS = (
    "tree-sitter",
    "tree-sitter-python",
    "tree-sitter-javascript",
    "tree-sitter-typescript",
    "tree-sitter-go",
    "tree-sitter-java",
)
_IN_CHUNK = 500

_SCHEMA = """
CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS blobs (
    hash TEXT PRIMARY KEY,
    status TEXT NOT NULL,
    error_line INTEGER,
    definitions INTEGER NOT NULL,
    references_ INTEGER NOT NULL,
    payload BLOB NOT NULL
);
CREATE TABLE IF NOT EXISTS manifest (
    root TEXT NOT NULL,
    path TEXT NOT NULL,
    size INTEGER NOT NULL,
    mtime_ns INTEGER NOT NULL,
    hash TEXT,
    skip TEXT,
    PRIMARY KEY (root, path)
) WITHOUT ROWID;
"""


@dataclass(frozen=True, slots=True)
class ManifestRow:
    path: str
    size: int
    mtime_ns: int
    hash: str | None
    skip: str | None


@dataclass(frozen=True, slots=True)
class Blob:
    """One file's extraction result as stored: the payload stays marshalled until queried."""

    hash: str
    status: str
    error_line: int | None
    definitions: int
    references: int
    payload: bytes


def cache_version() -> str:
    """Changes whenever extraction could produce different records: our format or a grammar."""
    versions = []
    for package in _GRAMMARS:
        try:
            versions.append(f"{package}={metadata.version(package)}")
        except metadata.PackageNotFoundError:
            versions.append(f"{package}=?")
    return f"payload={PAYLOAD_VERSION};" + ";".join(versions)


class GraphCache:
    """The on-disk cache; open with `GraphCache.open(cache_dir)`."""

    def __init__(self, connection: sqlite3.Connection) -> None:
        self._db = connection

    @classmethod
    def open(cls, cache_dir: Path) -> GraphCache:
        """Open or create the cache; a corrupt or outdated file is replaced, not trusted."""
        cache_dir.mkdir(parents=True, exist_ok=True)
        path = cache_dir / CACHE_FILE
        try:
            return cls(_connect(path))
        except sqlite3.DatabaseError as error:
            log.warning("codegraph.cache_unusable", path=str(path), error=str(error))
            for suffix in ("", "-wal", "-shm"):
                Path(f"{path}{suffix}").unlink(missing_ok=True)
            return cls(_connect(path))

    def close(self) -> None:
        self._db.close()

    def manifest(self, root: str) -> dict[str, ManifestRow]:
        rows = self._db.execute(
            "SELECT path, size, mtime_ns, hash, skip FROM manifest WHERE root = ?", (root,)
        )
        return {row[0]: ManifestRow(*row) for row in rows}

    def blobs(self, hashes: Iterable[str]) -> dict[str, Blob]:
        found: dict[str, Blob] = {}
        for chunk in _chunks(list(dict.fromkeys(hashes)), _IN_CHUNK):
            marks = ",".join("?" * len(chunk))
            rows = self._db.execute(
                "SELECT hash, status, error_line, definitions, references_, payload"
                f" FROM blobs WHERE hash IN ({marks})",
                chunk,
            )
            for row in rows:
                found[row[0]] = Blob(*row)
        return found

    def save(self, root: str, rows: list[ManifestRow], new_blobs: list[Blob]) -> None:
        """Replace the root's manifest and add new blobs in one transaction."""
        with self._db:
            self._db.executemany(
                "INSERT OR IGNORE INTO blobs VALUES (?, ?, ?, ?, ?, ?)",
                [
                    (b.hash, b.status, b.error_line, b.definitions, b.references, b.payload)
                    for b in new_blobs
                ],
            )
            self._db.execute("DELETE FROM manifest WHERE root = ?", (root,))
            self._db.executemany(
                "INSERT INTO manifest VALUES (?, ?, ?, ?, ?, ?)",
                [(root, r.path, r.size, r.mtime_ns, r.hash, r.skip) for r in rows],
            )

    def prune(self) -> int:
        """Forget checkouts that no longer exist and the blobs only they used."""
        roots = [row[0] for row in self._db.execute("SELECT DISTINCT root FROM manifest")]
        gone = [root for root in roots if not os.path.isdir(root)]
        if not gone:
            return 0
        with self._db:
            self._db.executemany("DELETE FROM manifest WHERE root = ?", [(r,) for r in gone])
            self._db.execute(
                "DELETE FROM blobs WHERE hash NOT IN"
                " (SELECT hash FROM manifest WHERE hash IS NOT NULL)"
            )
        return len(gone)


def _connect(path: Path) -> sqlite3.Connection:
    db = sqlite3.connect(path, timeout=30, isolation_level="DEFERRED")
    db.execute("PRAGMA journal_mode=WAL")
    db.execute("PRAGMA synchronous=NORMAL")
    db.executescript(_SCHEMA)
    version = cache_version()
    stored = db.execute("SELECT value FROM meta WHERE key = 'version'").fetchone()
    if stored is None or stored[0] != version:
        with db:
            db.execute("DELETE FROM blobs")
            db.execute("DELETE FROM manifest")
            db.execute("INSERT OR REPLACE INTO meta VALUES ('version', ?)", (version,))
    return db


def _chunks(items: list[str], size: int) -> Iterator[list[str]]:
    for start in range(0, len(items), size):
        yield items[start : start + size]

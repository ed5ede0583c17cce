"""A PostgreSQL the test may kill: a server of its own, started like an operator's external one
(or, for `smith serve` on the embedded default, the data folder that process keeps its own in)."""

from __future__ import annotations

import shutil
import tempfile
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest

from bot.store.embedded import stop_embedded
from tests.scale.cluster import start_postgres


@dataclass(frozen=True)
class Killable:
    """A server's data folder and the URL of its `smith` database."""

    pgdata: Path
    url: str


@pytest.fixture
def open_root() -> Iterator[Path]:
    """A folder the server's own user can enter (as root it runs as `embedded_postgres`), not
    under pytest's tmp_path, which is private and made private again by every new session."""
    root = Path(tempfile.mkdtemp(prefix="smith-recovery-"))
    root.chmod(0o755)
    try:
        yield root
    finally:
        for pgdata in root.glob("**/postmaster.pid"):
            stop_embedded(pgdata.parent)
        shutil.rmtree(root, ignore_errors=True)


@pytest.fixture
def killable_postgres(open_root: Path) -> Killable:
    """A migrated server in `open_root/postgres` (stopped with the folder)."""
    pgdata = open_root / "postgres"
    return Killable(pgdata=pgdata, url=start_postgres(pgdata))

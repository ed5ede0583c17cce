"""One PostgreSQL of the scale test's own, started like an operator's external server: Smith's
processes only get its URL (`SMITH_DATABASE_URL`, `SMITH_EMBEDDED_DATABASE=false`)."""

from __future__ import annotations

import shutil
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest

from bot.store.embedded import stop_embedded
from tests.scale.cluster import start_postgres


@pytest.fixture
def external_postgres() -> Iterator[str]:
    """Its own server, so five Smith processes' connections do not crowd the suite's server.

    Not under pytest's tmp_path: as root the server runs as its own user, and pytest makes its
    temporary root private again whenever a session starts, which would lock the server out of
    its own folder before it is stopped."""
    root = Path(tempfile.mkdtemp(prefix="smith-scale-pg-"))
    root.chmod(0o755)
    pgdata = root / "postgres"
    url = start_postgres(pgdata)
    try:
        yield url
    finally:
        stop_embedded(pgdata)
        shutil.rmtree(root, ignore_errors=True)

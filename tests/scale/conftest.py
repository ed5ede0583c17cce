"""One PostgreSQL of the scale test's own, started like an operator's external server: Smith's
processes only get its URL (`SMITH_DATABASE_URL`, `SMITH_EMBEDDED_DATABASE=false`)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from bot.store.embedded import stop_embedded
from tests.scale.cluster import start_postgres


@pytest.fixture
def external_postgres(tmp_path: Path) -> Iterator[str]:
    """Its own server, so five Smith processes' connections do not crowd the suite's server."""
    pgdata = tmp_path / "postgres"
    url = start_postgres(pgdata)
    try:
        yield url
    finally:
        stop_embedded(pgdata)

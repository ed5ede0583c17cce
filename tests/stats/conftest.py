"""The stats tests walk toy graphs on the real engine and read what it stored in PostgreSQL."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from bot.store.db import Database
from tests.chain.world import World, postgres_world


@pytest.fixture
async def world(tmp_path: Path, database: Database) -> AsyncIterator[World]:
    async with postgres_world(tmp_path, database) as world:
        yield world

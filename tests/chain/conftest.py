"""The worlds of the engine tests (tests/chain/world.py): `world` in memory (the fast loop's),
`pg_world` on PostgreSQL and the fake GitHub over HTTP (the real store's own behaviours)."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from bot.store.db import Database
from tests.chain.world import World, memory_world, postgres_world


@pytest.fixture
def world(tmp_path: Path) -> World:
    return memory_world(tmp_path)


@pytest.fixture
async def pg_world(tmp_path: Path, database: Database) -> AsyncIterator[World]:
    async with postgres_world(tmp_path, database) as world:
        yield world

"""Queries on recorded webhook deliveries: which were seen, which repositories sent them, and
forgetting old ones (the runs they caused keep their row; only the link goes)."""

from __future__ import annotations

from collections.abc import Iterable
from datetime import datetime
from typing import Any, cast

from sqlalchemy import CursorResult, text
from sqlalchemy.ext.asyncio import AsyncSession

_FORGET = text(
    """
    WITH old AS (SELECT id FROM deliveries WHERE received_at < :cutoff),
    unlinked AS (UPDATE runs SET delivery_id = NULL WHERE delivery_id IN (SELECT id FROM old))
    DELETE FROM deliveries WHERE id IN (SELECT id FROM old)
    """
)
_REPOSITORIES = text(
    "SELECT repo FROM runs WHERE forge = :forge "
    "UNION SELECT repo FROM deliveries WHERE forge = :forge AND repo IS NOT NULL"
)
_RECORDED = text(
    "SELECT delivery_id FROM deliveries WHERE forge = :forge AND delivery_id = ANY(:ids)"
)


async def forget_deliveries_before(session: AsyncSession, cutoff: datetime) -> int:
    """Delete deliveries received before `cutoff`; how many went."""
    result = cast(CursorResult[Any], await session.execute(_FORGET, {"cutoff": cutoff}))
    return int(result.rowcount or 0)


async def known_repositories(session: AsyncSession, forge: str) -> list[str]:
    """Every repository of `forge` Smith has runs or deliveries for."""
    rows = await session.execute(_REPOSITORIES, {"forge": forge})
    return [str(row[0]) for row in rows]


async def recorded_delivery_ids(session: AsyncSession, forge: str,
                                ids: Iterable[str]) -> set[str]:
    """The ones among `ids` that Smith recorded."""
    wanted = sorted(set(ids))
    if not wanted:
        return set()
    rows = await session.execute(_RECORDED, {"forge": forge, "ids": wanted})
    return {str(row[0]) for row in rows}

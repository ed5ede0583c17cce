"""Queries about a run's trajectory: the tool calls of the agent and the actions of our code."""

from __future__ import annotations

from collections.abc import Iterable

from sqlalchemy import func, select
from sqlalchemy.ext.asyncio import AsyncSession

from bot.store.models import TrajectoryRow


async def trajectory_rows(
    session: AsyncSession, run_id: int, *, actor: str | None = None,
    tools: Iterable[str] | None = None, ok: bool | None = None,
) -> list[TrajectoryRow]:
    """A run's trajectory in order, optionally only one actor's, some tools' or refused calls."""
    statement = select(TrajectoryRow).where(TrajectoryRow.run_id == run_id)
    if actor is not None:
        statement = statement.where(TrajectoryRow.actor == actor)
    if tools is not None:
        statement = statement.where(TrajectoryRow.tool.in_(sorted(tools)))
    if ok is not None:
        statement = statement.where(TrajectoryRow.ok.is_(ok))
    return list((await session.execute(statement.order_by(TrajectoryRow.seq))).scalars())


async def last_seq(session: AsyncSession, run_id: int) -> int:
    """The newest sequence number of a run's trajectory (0 before the first event)."""
    return (await session.execute(
        select(func.coalesce(func.max(TrajectoryRow.seq), 0)).where(TrajectoryRow.run_id == run_id)
    )).scalar_one()

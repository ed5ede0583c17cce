"""What the dashboard's charts read: usage and rejections per UTC day, step durations as
spreads per chain and step. Aggregated by Postgres; filtered by repository and first day."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, date, datetime, time
from typing import Any

from sqlalchemy import Date, Float, cast, func, literal, select
from sqlalchemy.dialects.postgresql import array
from sqlalchemy.ext.asyncio import AsyncSession

from bot.store.models import ModelCall, Run, Step

QUANTILES = (0.0, 0.25, 0.5, 0.75, 0.9, 1.0)


@dataclass(frozen=True)
class DayUsage:
    day: date
    tokens: int
    cost_usd: float


@dataclass(frozen=True)
class DayCount:
    day: date
    key: str
    count: int


@dataclass(frozen=True)
class Spread:
    """Durations of one step of one chain in milliseconds, at QUANTILES."""

    chain: str
    step: str
    executions: int
    quantiles_ms: tuple[float, ...]


def _utc_day(column: Any) -> Any:
    return cast(func.timezone("UTC", column), Date)


def _since(since: date) -> datetime:
    return datetime.combine(since, time(), tzinfo=UTC)


async def usage_per_day(session: AsyncSession, *, since: date, repo: str | None = None
                        ) -> list[DayUsage]:
    """Tokens (all four kinds) and dollars of model calls per UTC day from `since`."""
    day = _utc_day(ModelCall.created_at)
    statement = (
        select(day, func.sum(ModelCall.input_tokens + ModelCall.output_tokens
                             + ModelCall.cache_read_tokens + ModelCall.cache_write_tokens),
               func.sum(ModelCall.cost_usd))
        .outerjoin(Run, Run.id == ModelCall.run_id)
        .where(ModelCall.created_at >= _since(since))
        .group_by(day).order_by(day)
    )
    if repo:
        statement = statement.where(Run.repo == repo)
    return [DayUsage(day=d, tokens=int(t or 0), cost_usd=float(c or 0.0))
            for d, t, c in (await session.execute(statement)).all()]


async def rejections_per_day(session: AsyncSession, *, since: date, repo: str | None = None
                             ) -> list[DayCount]:
    """Rejected step executions per UTC day (of their start) and reason code."""
    day = _utc_day(Step.started_at)
    reason = func.coalesce(Step.verdict, "unspecified")
    statement = (
        select(day, reason, func.count())
        .join(Run, Run.id == Step.run_id)
        .where(Step.status == "rejected", Step.started_at >= _since(since))
        .group_by(day, reason).order_by(day, reason)
    )
    if repo:
        statement = statement.where(Run.repo == repo)
    return [DayCount(day=d, key=k, count=int(n))
            for d, k, n in (await session.execute(statement)).all()]


async def duration_spreads(session: AsyncSession, *, repo: str | None = None
                           ) -> list[Spread]:
    """Per chain and step: finished executions and their duration quantiles."""
    quantiles = func.percentile_cont(
        array([literal(q, Float) for q in QUANTILES])).within_group(Step.duration_ms)
    statement = (
        select(Run.chain, Step.name, func.count(), quantiles)
        .join(Run, Run.id == Step.run_id)
        .where(Step.duration_ms.is_not(None))
        .group_by(Run.chain, Step.name)
    )
    if repo:
        statement = statement.where(Run.repo == repo)
    return [Spread(chain=chain, step=step, executions=int(n),
                   quantiles_ms=tuple(float(q) for q in values))
            for chain, step, n, values in (await session.execute(statement)).all()]

"""What model calls cost since a moment, for the installation and per repository: the
spending caps (bot/budgets) and `smith stats` read it. A call outside any run (the rule
miner's) counts toward the installation only."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Any

from sqlalchemy import func, select
from sqlalchemy.ext.asyncio import AsyncSession

from bot.store.models import ModelCall, Run

_TOKENS = (ModelCall.input_tokens + ModelCall.output_tokens + ModelCall.cache_read_tokens
           + ModelCall.cache_write_tokens)


@dataclass(frozen=True)
class Spending:
    """Tokens (all four figures) and dollars of the model calls counted."""

    tokens: int = 0
    usd: float = 0.0
    calls: int = 0


async def spending_since(session: AsyncSession, since: datetime, *, forge: str | None = None,
                         repo: str | None = None) -> Spending:
    """Model calls made at or after `since`: every one, or only those of runs of `repo`."""
    query = select(func.coalesce(func.sum(_TOKENS), 0), func.coalesce(
        func.sum(ModelCall.cost_usd), 0.0), func.count(ModelCall.id)).where(
        ModelCall.created_at >= since)
    if repo is not None:
        query = query.join(Run, Run.id == ModelCall.run_id).where(Run.repo == repo)
        if forge is not None:
            query = query.where(Run.forge == forge)
    tokens, usd, calls = (await session.execute(query)).one()
    return Spending(int(tokens), float(usd), int(calls))


async def spending_by_repository(session: AsyncSession, since: datetime
                                 ) -> dict[tuple[str, str], Spending]:
    """Per (forge, repository): the model calls of its runs since `since`."""
    query = (select(Run.forge, Run.repo, func.sum(_TOKENS), func.sum(ModelCall.cost_usd),
                    func.count(ModelCall.id))
             .join(Run, Run.id == ModelCall.run_id)
             .where(ModelCall.created_at >= since)
             .group_by(Run.forge, Run.repo))
    return {(forge, repo): Spending(int(tokens or 0), float(usd or 0.0), int(calls))
            for forge, repo, tokens, usd, calls in (await session.execute(query)).all()}


async def runs_by_outcome_since(session: AsyncSession, since: datetime) -> dict[str, int]:
    """Runs created at or after `since`, counted by outcome (their status while unfinished)."""
    label = func.coalesce(Run.outcome, Run.status)
    rows = await session.execute(select(label, func.count(Run.id))
                                 .where(Run.created_at >= since).group_by(label))
    return {str(name): int(count) for name, count in rows.all()}


async def runs_paused_as(session: AsyncSession, outcome: str) -> list[tuple[int, dict[str, Any]]]:
    """Paused runs with this outcome (a spending cap's), with their state."""
    rows = await session.execute(select(Run.id, Run.params).where(
        Run.status == "paused", Run.outcome == outcome).order_by(Run.id))
    return [(run_id, dict(params or {})) for run_id, params in rows.all()]

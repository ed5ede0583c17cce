"""Queries about deliveries and runs: record once, create a run at most once per issue."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

from sqlalchemy import func, select, update
from sqlalchemy.dialects.postgresql import insert
from sqlalchemy.ext.asyncio import AsyncSession

from bot.store.models import Run, Step

ACTIVE_STATUSES = ("queued", "running", "paused")


async def create_run(
    session: AsyncSession,
    *,
    forge: str,
    repo: str,
    issue: int,
    chain: str,
    summoned_by: str | None,
    params: dict[str, Any] | None = None,
) -> Run | None:
    """A new queued run, or None when the issue already has a live one (the partial unique
    index decides, so two handlers racing on the same issue cannot both win)."""
    statement = (
        insert(Run)
        .values(forge=forge, repo=repo, issue_number=issue, chain=chain, status="queued",
                summoned_by=summoned_by, params=params or {}, cancel_requested=False,
                input_tokens=0, output_tokens=0, cost_usd=0.0)
        .on_conflict_do_nothing(
            index_elements=["forge", "repo", "issue_number"],
            index_where=Run.status.in_(ACTIVE_STATUSES),
        )
        .returning(Run.id)
    )
    run_id = (await session.execute(statement)).scalar_one_or_none()
    if run_id is None:
        return None
    return await session.get(Run, run_id)


async def get_run(session: AsyncSession, run_id: int) -> Run | None:
    return await session.get(Run, run_id)


async def list_runs(session: AsyncSession, limit: int = 50, repo: str | None = None) -> list[Run]:
    statement = select(Run).order_by(Run.id.desc()).limit(limit)
    if repo:
        statement = statement.where(Run.repo == repo)
    return list((await session.execute(statement)).scalars())


async def run_steps(session: AsyncSession, run_id: int) -> list[Step]:
    statement = select(Step).where(Step.run_id == run_id).order_by(Step.id)
    return list((await session.execute(statement)).scalars())


async def runs_by_status(session: AsyncSession) -> dict[str, int]:
    statement = select(Run.status, func.count()).group_by(Run.status)
    return {status: count for status, count in (await session.execute(statement)).all()}


async def finish_run(
    session: AsyncSession, run_id: int, *, status: str, outcome: str | None, reason: str | None
) -> None:
    await session.execute(
        update(Run).where(Run.id == run_id)
        .values(status=status, outcome=outcome, reason=reason, finished_at=datetime.now(UTC))
    )


def run_as_dict(run: Run) -> dict[str, Any]:
    """A run as plain JSON-ready data (CLI `--json`, the API)."""
    return {
        "id": run.id, "forge": run.forge, "repo": run.repo, "issue": run.issue_number,
        "chain": run.chain, "status": run.status, "outcome": run.outcome, "reason": run.reason,
        "current_step": run.current_step, "summoned_by": run.summoned_by,
        "branch": run.branch, "change_request_url": run.change_request_url,
        "input_tokens": run.input_tokens, "output_tokens": run.output_tokens,
        "cost_usd": round(run.cost_usd or 0.0, 4),
        "created_at": run.created_at.isoformat() if run.created_at else None,
        "started_at": run.started_at.isoformat() if run.started_at else None,
        "finished_at": run.finished_at.isoformat() if run.finished_at else None,
    }

"""Queries about steps: start and finish one, count attempts, read back the latest artifacts."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

from sqlalchemy import ColumnElement, func, select, update
from sqlalchemy.ext.asyncio import AsyncSession

from bot.store.lease import Lease, LeaseLost, check_lease, holds, insert_fenced
from bot.store.models import Failure, ModelCall, Run, Step, TrajectoryRow


def _of_item(item: str | None) -> ColumnElement[bool]:
    """A step's own rows (item None), or the rows of one item of its loop."""
    return Step.item.is_(None) if item is None else Step.item == item


async def start_step(
    session: AsyncSession, run_id: int, name: str, *, item: str | None = None,
    fence: Lease | None = None,
) -> Step:
    """A new `running` row for the step's next attempt; with `fence`, only while that lease
    is the run's (bot/store/lease.py), else `LeaseLost`."""
    attempt = (
        await session.execute(
            select(func.count()).select_from(Step).where(
                Step.run_id == run_id, Step.name == name, _of_item(item))
        )
    ).scalar_one() + 1
    values: dict[str, Any] = {"run_id": run_id, "name": name, "item": item, "attempt": attempt,
                              "status": "running", "input_tokens": 0, "output_tokens": 0,
                              "cost_usd": 0.0}
    if fence is not None:
        step_id = await insert_fenced(session, Step, fence, f"starting step {name}", values)
        found = await session.get(Step, step_id)
        assert found is not None  # inserted in this transaction
        return found
    step = Step(**values)
    session.add(step)
    await session.flush()
    return step


async def finish_step(
    session: AsyncSession,
    step_id: int,
    *,
    status: str,
    summary: str,
    artifact: dict[str, Any] | None,
    diff: str | None,
    input_tokens: int,
    output_tokens: int,
    cost_usd: float,
    duration_ms: int,
    verdict: str | None = None,
    fence: Lease | None = None,
) -> None:
    """Close a step row; `verdict` is the status or, for a rejection or a gate, its reason
    code (the stats count rejections by it); the status when not given. With `fence`, only
    while that lease is the run's, else `LeaseLost`."""
    condition = Step.id == step_id
    if fence is not None:
        condition = condition & holds(fence)
    result = await session.execute(
        update(Step).where(condition).values(
            status=status, verdict=verdict or status, summary=summary[:2000], artifact=artifact,
            diff=diff,
            input_tokens=input_tokens, output_tokens=output_tokens, cost_usd=cost_usd,
            duration_ms=duration_ms, finished_at=datetime.now(UTC),
        ).returning(Step.id)
    )
    if fence is not None and result.scalar_one_or_none() is None:
        raise LeaseLost(fence, "finishing a step")


async def counted_executions(
    session: AsyncSession, run_id: int, name: str, *, item: str | None = None
) -> int:
    """Executions of a step (or tries of one item of its loop) that spend its budget
    (environment failures do not)."""
    return (
        await session.execute(
            select(func.count()).select_from(Step).where(
                Step.run_id == run_id, Step.name == name, _of_item(item),
                Step.status.notin_(("environment", "running")),
            )
        )
    ).scalar_one()


async def latest_artifacts(session: AsyncSession, run_id: int) -> dict[str, dict[str, Any]]:
    rows = (
        await session.execute(
            select(Step.name, Step.artifact).where(
                Step.run_id == run_id, Step.artifact.is_not(None), Step.item.is_(None),
                Step.status.notin_(("environment", "running")),
            ).order_by(Step.id)
        )
    ).all()
    return {name: artifact for name, artifact in rows}


async def item_artifacts(
    session: AsyncSession, run_id: int, name: str
) -> dict[str, dict[str, Any]]:
    """The newest artifact of each item of a step's loop (a file's gate report, say)."""
    rows = (
        await session.execute(
            select(Step.item, Step.artifact).where(
                Step.run_id == run_id, Step.name == name, Step.item.is_not(None),
                Step.artifact.is_not(None), Step.status.notin_(("environment", "running")),
            ).order_by(Step.id)
        )
    ).all()
    return {item: artifact for item, artifact in rows}


async def latest_diff(session: AsyncSession, run_id: int) -> str | None:
    """The working-tree diff of the newest step that stored one (the implement checkpoint)."""
    return (
        await session.execute(
            select(Step.diff).where(Step.run_id == run_id, Step.diff.is_not(None))
            .order_by(Step.id.desc()).limit(1)
        )
    ).scalar_one_or_none()


async def close_open_steps(session: AsyncSession, run_id: int) -> None:
    """Steps left `running` by a dead (or fenced) executor count as environment failures."""
    await session.execute(
        update(Step).where(Step.run_id == run_id, Step.status == "running")
        .values(status="environment", verdict="environment", summary="interrupted",
                finished_at=datetime.now(UTC))
    )


async def fail_open_steps(session: AsyncSession, run_id: int, *,
                          fence: Lease | None = None) -> None:
    """Steps still `running` when a run ends were cut short: they failed."""
    condition = (Step.run_id == run_id) & (Step.status == "running")
    if fence is not None:
        condition = condition & holds(fence)
    await session.execute(
        update(Step).where(condition)
        .values(status="failed", verdict="failed", summary="stopped: the run ended",
                finished_at=datetime.now(UTC)))


async def add_run_usage(
    session: AsyncSession, run_id: int, input_tokens: int, output_tokens: int, cost: float
) -> None:
    await session.execute(
        update(Run).where(Run.id == run_id).values(
            input_tokens=Run.input_tokens + input_tokens,
            output_tokens=Run.output_tokens + output_tokens,
            cost_usd=Run.cost_usd + cost,
        )
    )


async def record_model_call(session: AsyncSession, run_id: int | None, **values: Any) -> None:
    session.add(ModelCall(run_id=run_id, **values))


async def record_trajectory(session: AsyncSession, run_id: int, *, fence: Lease | None = None,
                            **values: Any) -> None:
    """One trajectory event; with `fence`, only while that lease is the run's (an executor
    that lost it would take the next executor's sequence numbers)."""
    if fence is not None:
        await insert_fenced(session, TrajectoryRow, fence, f"recording {values.get('tool')}",
                            {"run_id": run_id, **values})
        return
    session.add(TrajectoryRow(run_id=run_id, **values))


async def record_failure(session: AsyncSession, *, fence: Lease | None = None,
                         **values: Any) -> Failure:
    if fence is not None:
        await check_lease(session, fence, "recording a failure story")
    failure = Failure(**values)
    session.add(failure)
    await session.flush()
    return failure

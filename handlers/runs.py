"""Creating and finding runs from handlers: one transaction for the run and its job."""

from __future__ import annotations

from typing import Any

import structlog
from sqlalchemy import select

from bot.events import Event
from bot.forge.base import ItemRef
from bot.jobs import RUN_CHAIN, Runtime, chain_lock, defer_in_transaction
from bot.store.models import Run
from bot.store.runs import create_run

log = structlog.get_logger(__name__)


async def start_run(
    runtime: Runtime, event: Event, issue: ItemRef, *, chain: str,
    params: dict[str, Any] | None = None,
) -> Run | None:
    """Queue a run for `issue` unless one is live already; returns the new run or None."""
    assert event.repo is not None
    async with runtime.db.transaction() as session:
        run = await create_run(
            session, forge=event.forge, repo=event.repo.full_name, issue=issue.number,
            chain=chain, summoned_by=event.actor, params=params,
        )
        if run is None:
            log.info("run_already_active", repo=event.repo.full_name, issue=issue.number)
            return None
        await defer_in_transaction(
            session, RUN_CHAIN, {"run_id": run.id},
            lock=chain_lock(event.forge, event.repo.full_name, issue.number),
        )
    log.info("run_queued", run=run.id, chain=chain, repo=event.repo.full_name, issue=issue.number)
    return run


async def requeue_run(runtime: Runtime, run: Run, **changes: Any) -> None:
    """Put a paused run back in the queue (after `/smith approve`)."""
    async with runtime.db.transaction() as session:
        fresh = await session.get(Run, run.id, with_for_update=True)
        if fresh is None or fresh.status != "paused":
            return
        fresh.status = "queued"
        fresh.params = {**(fresh.params or {}), **changes}
        await defer_in_transaction(
            session, RUN_CHAIN, {"run_id": fresh.id},
            lock=chain_lock(fresh.forge, fresh.repo, fresh.issue_number),
        )


async def run_for_item(runtime: Runtime, event: Event) -> Run | None:
    """The newest run an issue or change request belongs to."""
    if event.repo is None or event.item is None:
        return None
    if event.item.kind == "issue":
        condition = Run.issue_number == event.item.number
    else:
        condition = Run.change_request_number == event.item.number
    statement = (
        select(Run)
        .where(Run.forge == event.forge, Run.repo == event.repo.full_name, condition)
        .order_by(Run.id.desc())
        .limit(1)
    )
    async with runtime.db.transaction() as session:
        return (await session.execute(statement)).scalar_one_or_none()


async def join_queued_rework(runtime: Runtime, origin: Run, request: dict[str, Any]) -> int | None:
    """Append a rework request to the issue's queued (not yet started) rework run."""
    async with runtime.db.transaction() as session:
        statement = (
            select(Run)
            .where(Run.forge == origin.forge, Run.repo == origin.repo,
                   Run.issue_number == origin.issue_number, Run.chain == "rework",
                   Run.status == "queued")
            .with_for_update()
        )
        queued = (await session.execute(statement)).scalar_one_or_none()
        if queued is None:
            return None
        params = dict(queued.params or {})
        params["requests"] = [*params.get("requests", []), request]
        queued.params = params
        return queued.id

"""Creating and finding runs from handlers: one transaction for the run and its job."""

from __future__ import annotations

from typing import Any

import structlog

from bot import tracing
from bot.events import Event
from bot.forge.base import ItemRef
from bot.forge.local import is_local
from bot.services import Runtime
from bot.store.models import Run
from bot.store.queue import RUN_CHAIN, defer_in_transaction, subject_lock
from bot.store.runs import (
    create_run,
    get_run_for_update,
    newest_run_for_item,
    queued_rework_for_update,
    run_subject,
)
from bot.subjects import Subject

log = structlog.get_logger(__name__)


async def start_run(
    runtime: Runtime, event: Event, issue: ItemRef | None, *, chain: str,
    params: dict[str, Any] | None = None, subject: Subject | None = None,
) -> Run | None:
    """Queue a run for its subject (by default `issue`) unless one is live already; returns the
    new run or None. The run and its job, locked by subject, commit together; a local run gets
    no job (no worker has its repository: the shell that asked walks it)."""
    assert event.repo is not None
    if subject is None:
        if issue is None:
            raise ValueError("a run needs a subject or an issue")
        subject = Subject.issue(issue.number)
    async with runtime.db.transaction() as session:
        run = await create_run(
            session, forge=event.forge, repo=event.repo.full_name, subject=subject,
            issue=issue.number if issue is not None else None,
            chain=chain, summoned_by=event.actor, params=params,
        )
        if run is None:
            log.info("run_already_active", repo=event.repo.full_name, subject=subject.label())
            return None
        if not is_local(event.forge):
            await defer_in_transaction(
                session, RUN_CHAIN, {"run_id": run.id, **tracing.job_args()},
                lock=subject_lock(event.forge, event.repo.full_name, subject),
            )
    log.info("run_queued", run=run.id, chain=chain, repo=event.repo.full_name,
             subject=subject.label())
    return run


async def requeue_run(runtime: Runtime, run: Run, **changes: Any) -> bool:
    """Put a paused run back in the queue (after `/smith approve`); False when it was no longer
    paused. A local run is only marked queued: the shell that asked walks it."""
    async with runtime.db.transaction() as session:
        fresh = await get_run_for_update(session, run.id)
        if fresh is None or fresh.status != "paused":
            return False
        fresh.status = "queued"
        fresh.params = {**(fresh.params or {}), **changes}
        if not is_local(fresh.forge):
            await defer_in_transaction(
                session, RUN_CHAIN, {"run_id": fresh.id, **tracing.job_args()},
                lock=subject_lock(fresh.forge, fresh.repo, run_subject(fresh)),
            )
    return True


async def run_for_item(runtime: Runtime, event: Event) -> Run | None:
    """The newest run an issue or change request belongs to."""
    if event.repo is None or event.item is None:
        return None
    async with runtime.db.transaction() as session:
        return await newest_run_for_item(session, forge=event.forge, repo=event.repo.full_name,
                                         kind=event.item.kind, number=event.item.number)


async def join_queued_rework(runtime: Runtime, origin: Run, request: dict[str, Any]) -> int | None:
    """Append a rework request to the issue's queued (not yet started) rework run."""
    async with runtime.db.transaction() as session:
        queued = await queued_rework_for_update(session, origin)
        if queued is None:
            return None
        params = dict(queued.params or {})
        params["requests"] = [*params.get("requests", []), request]
        queued.params = params
        return queued.id

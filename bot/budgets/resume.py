"""Runs paused by a spending cap go on once it resets: queued again, from the step they
stopped before (the engine checks the caps again there)."""

from __future__ import annotations

from datetime import UTC, datetime

import structlog

from bot.store.db import Database
from bot.store.queue import RUN_CHAIN, defer_in_transaction, subject_lock
from bot.store.runs import get_run_for_update, run_subject
from bot.store.usage import runs_paused_as

log = structlog.get_logger(__name__)

CAPPED_OUTCOME = "spending_cap"


def due(params: dict[str, object] | None, now: datetime) -> bool:
    """The run's cap has reset (a run paused without a time never wakes by itself)."""
    until = (params or {}).get("spending_cap_until")  # RunState's key (bot/engine/state.py)
    if not isinstance(until, str):
        return False
    try:
        return datetime.fromisoformat(until) <= now
    except ValueError:
        return False


async def resume_capped_runs(db: Database, *, now: datetime | None = None) -> list[int]:
    """Queue every run whose spending cap has reset; the ids queued."""
    now = now or datetime.now(UTC)
    async with db.transaction() as session:
        waiting = await runs_paused_as(session, CAPPED_OUTCOME)
    queued: list[int] = []
    for run_id, params in waiting:
        if not due(params, now):
            continue
        async with db.transaction() as session:
            run = await get_run_for_update(session, run_id)
            if run is None or run.status != "paused" or run.outcome != CAPPED_OUTCOME:
                continue  # cancelled or approved meanwhile
            run.status = "queued"
            await defer_in_transaction(session, RUN_CHAIN, {"run_id": run.id},
                                       lock=subject_lock(run.forge, run.repo, run_subject(run)))
        queued.append(run_id)
    if queued:
        log.info("capped_runs_resumed", runs=queued)
    return queued

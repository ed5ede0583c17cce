"""The job queue as rows: Smith's queue and task names, locks, and deferring a job inside the
caller's transaction.

Jobs are rows in the same Postgres as everything else, so work is queued in the same
transaction as the rows that cause it: a delivery and its `handle_event` job (bot/intake.py), a
run and its `run_chain` job. Either both exist or neither does. The task names are stored in
queued jobs: renaming one strands the jobs queued under the old name.
"""

from __future__ import annotations

import json
from typing import Any

from sqlalchemy import text
from sqlalchemy.ext.asyncio import AsyncSession

from bot.subjects import Subject

QUEUE = "smith"
"""Runs and every other job (periodic work, and events queued by a Smith older than
EVENTS_QUEUE)."""
EVENTS_QUEUE = "smith.events"
"""Webhook events alone, taken by each worker's reserved event slots: a command, a cancel or a
refusal is answered in seconds however many runs hold the run slots."""
QUEUES = (EVENTS_QUEUE, QUEUE)
"""Every queue Smith's jobs are in (what a worker draining everything listens to)."""
HANDLE_EVENT = "smith.handle_event"
RUN_CHAIN = "smith.run_chain"

_DEFER = text(
    "SELECT unnest(procrastinate_defer_jobs_v1(ARRAY[ROW(:queue, :task, 0, :lock, "
    "NULL, CAST(:args AS jsonb), NULL)::procrastinate_job_to_defer_v1]))"
)


def subject_lock(forge: str, repo: str, subject: Subject) -> str:
    """One run per subject at a time: procrastinate runs jobs with equal locks one by one.

    An issue's lock keeps the spelling it had before runs had subjects, so jobs queued by an
    older Smith still exclude new ones."""
    return f"{subject.kind}:{forge}:{repo}#{subject.key}"


def chain_lock(forge: str, repo: str, issue_number: int) -> str:
    """The lock of an issue's runs (see `subject_lock`)."""
    return subject_lock(forge, repo, Subject.issue(issue_number))


async def defer_in_transaction(
    session: AsyncSession,
    task_name: str,
    args: dict[str, Any],
    *,
    lock: str | None = None,
    queue: str = QUEUE,
) -> int:
    """Queue a job inside the caller's transaction, using procrastinate's own SQL function."""
    result = await session.execute(
        _DEFER, {"queue": queue, "task": task_name, "lock": lock, "args": json.dumps(args)},
    )
    return int(result.scalar_one())


_HEARTBEAT_AGE = text(
    "SELECT EXTRACT(EPOCH FROM now() - last_heartbeat) FROM procrastinate_workers WHERE id = :id"
)


async def heartbeat_age(session: AsyncSession, worker_id: int) -> float | None:
    """Seconds since the worker's last heartbeat as the database saw it; None when its row is
    gone (another worker pruned it as stalled)."""
    age = (await session.execute(_HEARTBEAT_AGE, {"id": worker_id})).scalar_one_or_none()
    return None if age is None else float(age)

"""Durable background work on procrastinate: handle an event, run a chain, rescue stalled jobs.

Jobs are rows in the same Postgres as everything else, so work is queued in the same
transaction as the rows that cause it: a delivery and its `handle_event` job (bot/intake.py), a
run and its `run_chain` job (`defer_in_transaction`). Either both exist or neither does.
Collaborators reach the tasks through a `Runtime` that the composition root (`bot/cli.py`)
builds; this module never imports `handlers`.
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

import procrastinate
import structlog
from sqlalchemy import text
from sqlalchemy.ext.asyncio import AsyncSession

from bot.config import Settings
from bot.store.db import Database

if TYPE_CHECKING:
    from bot.events import Event
    from bot.forge.base import Forge

log = structlog.get_logger(__name__)

QUEUE = "smith"
HANDLE_EVENT = "smith.handle_event"
RUN_CHAIN = "smith.run_chain"

EventRouter = Callable[["Event", "Runtime"], Awaitable[None]]
ChainRunner = Callable[[int, "Runtime"], Awaitable[None]]


@dataclass
class Runtime:
    """What a job needs, built once per process by the composition root."""

    settings: Settings
    db: Database
    forges: dict[str, "Forge"] = field(default_factory=dict)
    route_event: EventRouter | None = None
    run_chain: ChainRunner | None = None

    def forge(self, name: str) -> "Forge":
        try:
            return self.forges[name]
        except KeyError as exc:
            raise LookupError(f"no {name} connection is configured") from exc


def chain_lock(forge: str, repo: str, issue_number: int) -> str:
    """One run per issue at a time: procrastinate runs jobs with equal locks one by one."""
    return f"issue:{forge}:{repo}#{issue_number}"


async def defer_in_transaction(
    session: AsyncSession,
    task_name: str,
    args: dict[str, Any],
    *,
    lock: str | None = None,
) -> int:
    """Queue a job inside the caller's transaction, using procrastinate's own SQL function."""
    result = await session.execute(
        text(
            "SELECT unnest(procrastinate_defer_jobs_v1(ARRAY[ROW(:queue, :task, 0, :lock, "
            "NULL, CAST(:args AS jsonb), NULL)::procrastinate_job_to_defer_v1]))"
        ),
        {"queue": QUEUE, "task": task_name, "lock": lock, "args": json.dumps(args)},
    )
    return int(result.scalar_one())


def build_job_app(database_url: str, runtime: Runtime | None = None) -> procrastinate.App:
    """A procrastinate App with Smith's tasks; `runtime` is required only to execute them."""
    app = procrastinate.App(connector=procrastinate.PsycopgConnector(conninfo=database_url))

    def need_runtime() -> Runtime:
        if runtime is None:
            raise RuntimeError("this process was not set up to execute jobs")
        return runtime

    # Exceptions that escape a task are infrastructure trouble (database gone, worker shut down
    # mid-job): the chain reports its own failures. Retrying is safe because runs resume from
    # their last checkpoint and handlers are idempotent per delivery.
    retry = procrastinate.RetryStrategy(max_attempts=5, wait=5, exponential_wait=2)

    @app.task(name=HANDLE_EVENT, queue=QUEUE, pass_context=False, retry=retry)
    async def handle_event(delivery: int, event: dict[str, Any]) -> None:
        from bot.events import Event as EventModel

        current = need_runtime()
        if current.route_event is None:
            log.warning("no_event_router", delivery=delivery)
            return
        with structlog.contextvars.bound_contextvars(delivery=delivery):
            await current.route_event(EventModel.model_validate(event), current)

    @app.task(name=RUN_CHAIN, queue=QUEUE, pass_context=False, retry=retry)
    async def run_chain(run_id: int) -> None:
        current = need_runtime()
        if current.run_chain is None:
            raise RuntimeError("no chain runner is configured in this process")
        with structlog.contextvars.bound_contextvars(run=run_id):
            await current.run_chain(run_id, current)

    from bot.retention import add_retention_jobs
    from bot.rules.jobs import add_rules_jobs

    add_rules_jobs(app, runtime)
    from bot.redelivery_jobs import add_redelivery_jobs

    add_redelivery_jobs(app, runtime)
    add_retention_jobs(app, runtime)
    return app


async def retry_stalled_jobs(app: procrastinate.App, seconds_since_heartbeat: float) -> int:
    """Give the jobs of workers that stopped sending heartbeats to a live worker."""
    stalled = await app.job_manager.get_stalled_jobs(seconds_since_heartbeat=seconds_since_heartbeat)
    count = 0
    for job in stalled:
        log.warning("stalled_job_retried", job=job.id, task=job.task_name)
        await app.job_manager.retry_job(job)
        count += 1
    return count


async def run_worker(
    app: procrastinate.App,
    settings: Settings,
    *,
    stop: asyncio.Event | None = None,
    name: str | None = None,
) -> None:
    """Run a worker until `stop` is set; running jobs may finish (nothing is lost either way:
    a job cut short is retried as stalled and the chain resumes from its checkpoint)."""
    async with app.open_async():
        rescuer = asyncio.create_task(_rescue_stalled_forever(app, settings.stalled_after_seconds))
        try:
            await _run_until_stopped(app, settings, stop, name)
        finally:
            rescuer.cancel()


async def _rescue_stalled_forever(app: procrastinate.App, stalled_after: float) -> None:
    """Every few seconds, hand jobs of dead workers (no heartbeat) to the live ones."""
    while True:
        try:
            await retry_stalled_jobs(app, stalled_after)
        except (OSError, procrastinate.exceptions.ConnectorException) as exc:
            log.warning("stalled_check_failed", error=str(exc))
        await asyncio.sleep(max(1.0, stalled_after / 3))


async def _run_until_stopped(
    app: procrastinate.App, settings: Settings, stop: asyncio.Event | None, name: str | None
) -> None:
    worker = asyncio.create_task(
        app.run_worker_async(
            queues=[QUEUE],
            name=name,
            concurrency=settings.worker_concurrency,
            install_signal_handlers=False,
            update_heartbeat_interval=max(1.0, settings.stalled_after_seconds / 3),
            stalled_worker_timeout=settings.stalled_after_seconds,
            shutdown_graceful_timeout=settings.shutdown_grace_seconds,
            fetch_job_polling_interval=2.0,
        )
    )
    if stop is None:
        await worker
        return
    stopper = asyncio.create_task(stop.wait())
    done, _ = await asyncio.wait({worker, stopper}, return_when=asyncio.FIRST_COMPLETED)
    if worker in done:
        stopper.cancel()
        worker.result()
        return
    log.info("worker_stopping")
    worker.cancel()  # procrastinate treats cancel as a graceful stop: no new jobs
    try:
        await worker
    except asyncio.CancelledError:
        pass

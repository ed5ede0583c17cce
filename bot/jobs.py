"""Durable background work on procrastinate: handle an event, run a chain, rescue stalled jobs.

This module owns the two core tasks as a procrastinate `Blueprint`; every package with periodic
work owns its own (`bot/rules/jobs.py`, `bot/redelivery_jobs.py`, `bot/retention.py`), and the
composition root (`bot/runtime.py`) composes them into the one job app, as `handlers/` composes
its routers. Collaborators reach the tasks through the `Runtime` the root builds; this module
never imports `handlers`. Queue and task names, and deferring in a transaction, live in
`bot/store/queue.py`.
"""

from __future__ import annotations

import asyncio
import json
from typing import Any

import procrastinate
import procrastinate.jobs
import structlog
from procrastinate.manager import get_channel_for_queues
from procrastinate.worker import WORKER_NAME, Worker

from bot.config import Settings
from bot.events import Event
from bot.heartbeat import keep_heartbeat
from bot.services import Runtime
from bot.store.db import Database, DatabaseUnavailable
from bot.store.queue import HANDLE_EVENT, QUEUE, RUN_CHAIN, heartbeat_age

log = structlog.get_logger(__name__)

# Exceptions that escape a task are infrastructure trouble (database gone, worker shut down
# mid-job): the chain reports its own failures. Retrying is safe because runs resume from their
# last checkpoint and handlers are idempotent per delivery.
JOB_RETRY = procrastinate.RetryStrategy(max_attempts=5, wait=5, exponential_wait=2)


def need_runtime(runtime: Runtime | None) -> Runtime:
    """The runtime of a process that executes jobs (one that only defers them has none)."""
    if runtime is None:
        raise RuntimeError("this process was not set up to execute jobs")
    return runtime


def blueprint(runtime: Runtime | None) -> procrastinate.Blueprint:
    """`handle_event` and `run_chain`; `runtime` is required only to execute them."""
    tasks = procrastinate.Blueprint()

    @tasks.task(name=HANDLE_EVENT, queue=QUEUE, pass_context=False, retry=JOB_RETRY)
    async def handle_event(delivery: int, event: dict[str, Any]) -> None:
        current = need_runtime(runtime)
        if current.route_event is None:
            log.warning("no_event_router", delivery=delivery)
            return
        with structlog.contextvars.bound_contextvars(delivery=delivery):
            await current.route_event(Event.model_validate(event), current)

    @tasks.task(name=RUN_CHAIN, queue=QUEUE, pass_context=False, retry=JOB_RETRY)
    async def run_chain(run_id: int) -> None:
        current = need_runtime(runtime)
        if current.run_chain is None:
            raise RuntimeError("no chain runner is configured in this process")
        with structlog.contextvars.bound_contextvars(run=run_id):
            await current.run_chain(run_id, current)

    return tasks


async def retry_stalled_jobs(app: procrastinate.App, seconds_since_heartbeat: float) -> int:
    """Give the jobs of workers that stopped sending heartbeats to a live worker."""
    stalled = await app.job_manager.get_stalled_jobs(seconds_since_heartbeat=seconds_since_heartbeat)
    count = 0
    for job in stalled:
        log.warning("stalled_job_retried", job=job.id, task=job.task_name)
        await app.job_manager.retry_job(job)
        await _announce(app, job)
        count += 1
    return count


async def _announce(app: procrastinate.App, job: procrastinate.jobs.Job) -> None:
    """Wake the listening workers for a retried job, as procrastinate's insert trigger does for a
    new one: a retry notifies no one, so the job would wait for the next poll (2 s)."""
    payload = json.dumps({"type": "job_inserted", "job_id": job.id})
    for channel in (*get_channel_for_queues([job.queue]), *get_channel_for_queues(None)):
        await app.connector.execute_query_async(
            "SELECT pg_notify(%(channel)s, %(payload)s)", channel=channel, payload=payload)


class WorkerProbe:
    """What `/readyz` asks of the worker a process runs: is it registered, and does the
    database see its heartbeat? A worker whose loop is wedged stops beating long before its
    task ends; the stalled-job rescue of the other workers goes by that same heartbeat."""

    def __init__(self, stale_after: float) -> None:
        self.stale_after = stale_after
        self.worker: Worker | None = None
        self.task: asyncio.Task[None] | None = None

    async def problem(self, db: Database) -> str | None:
        """None when the worker is ready, else why not (said in `/readyz`'s answer)."""
        if self.task is None or self.task.done():
            return "worker not running"
        worker_id = self.worker.worker_id if self.worker is not None else None
        if worker_id is None:
            return "worker not registered yet"
        try:
            async with db.transaction() as session:
                age = await heartbeat_age(session, worker_id)
        except DatabaseUnavailable:
            return "database unreachable"
        if age is None:
            return "worker heartbeat missing (pruned as stalled)"
        if age > self.stale_after:
            return f"worker heartbeat {age:.0f} s old"
        return None


async def run_worker(
    app: procrastinate.App,
    settings: Settings,
    *,
    stop: asyncio.Event | None = None,
    name: str | None = None,
    probe: WorkerProbe | None = None,
) -> None:
    """Run a worker until `stop` is set; running jobs may finish (nothing is lost either way:
    a job cut short is retried as stalled and the chain resumes from its checkpoint)."""
    async with app.open_async():
        rescuer = asyncio.create_task(_rescue_stalled_forever(app, settings.stalled_after_seconds))
        try:
            await _run_until_stopped(app, settings, stop, name, probe)
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
    app: procrastinate.App, settings: Settings, stop: asyncio.Event | None, name: str | None,
    probe: WorkerProbe | None,
) -> None:
    heartbeat_interval = max(1.0, settings.stalled_after_seconds / 3)
    app.perform_import_paths()  # type: ignore[no-untyped-call]  # untyped upstream
    # The Worker is built here rather than by `app.run_worker_async` so the probe can read
    # its id (and so its heartbeat row) while it runs.
    runner = Worker(
        app=app,
        queues=[QUEUE],
        name=name or WORKER_NAME,
        concurrency=settings.worker_concurrency,
        install_signal_handlers=False,
        update_heartbeat_interval=heartbeat_interval,
        # The heartbeat must outlive procrastinate's own during a graceful stop, or the
        # jobs still finishing are rescued as stalled and run twice (bot/heartbeat.py).
        worker_middleware=[keep_heartbeat(heartbeat_interval)],
        stalled_worker_timeout=settings.stalled_after_seconds,
        shutdown_graceful_timeout=settings.shutdown_grace_seconds,
        fetch_job_polling_interval=2.0,
    )
    worker = asyncio.create_task(runner.run())  # type: ignore[no-untyped-call]
    if probe is not None:
        probe.worker, probe.task = runner, worker
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

"""A worker's life: procrastinate's worker run again and again, through database outages.

procrastinate's `Worker` ends as soon as the database fails under it (a job fetch, the
heartbeat or the listener raises and the worker shuts down), and `smith serve`'s built-in worker
then was simply gone while the webhooks kept being accepted. Here each `Worker` is one
*incarnation*: when it ends without being asked to, the loop waits for the database with a
jittered exponential backoff, opens a fresh connection pool, gives the jobs the dead
incarnation still held back to the queue at once (its row is removed, so the stalled-job rescue
takes them without waiting for the heartbeat to age) and starts the next incarnation. Every
incarnation has run its jobs to their end (procrastinate waits for them, then cancels them)
before the next one starts, so a job given back is never still running here.

`WorkerProbe` tells the health endpoints what the loop is doing: `/healthz` is unhealthy while
no incarnation runs (the loop died, or waits for the database), `/readyz` also until the new
incarnation is registered and beating.
"""

from __future__ import annotations

import asyncio
import json
import time
from collections.abc import Awaitable, Callable

import procrastinate
import procrastinate.exceptions
import procrastinate.jobs
import psycopg
import psycopg_pool
import structlog
from procrastinate.manager import get_channel_for_queues
from procrastinate.worker import WORKER_NAME, Worker

from bot.config import Settings
from bot.heartbeat import keep_heartbeat
from bot.retry import RetryPolicy
from bot.store.db import Database, DatabaseUnavailable
from bot.store.queue import QUEUE, heartbeat_age

log = structlog.get_logger(__name__)

DATABASE_ERRORS: tuple[type[BaseException], ...] = (
    procrastinate.exceptions.ConnectorException, psycopg.OperationalError,
    psycopg_pool.PoolTimeout, DatabaseUnavailable, OSError,
)
"""What a lost database looks like to the worker loop (anything else is a bug and ends it)."""

RECONNECT = RetryPolicy(backoff_initial=0.5, backoff_max=10.0, jitter=True)
"""Waits between tries to reach the database again: 0.5 s doubling to 10 s, spread so that many
workers coming back do not knock at the same instant."""

HEALTHY_SECONDS = 60.0
"""An incarnation that lived this long was healthy: the next outage's waits start short."""

NOT_RUNNING = "worker not running"

Reachable = Callable[[], Awaitable[bool]]


class WorkerProbe:
    """What the health endpoints ask of the worker a process runs: is an incarnation running,
    is it registered, and does the database see its heartbeat? A worker whose loop is wedged
    stops beating long before its task ends; the stalled-job rescue of the other workers goes by
    that same heartbeat."""

    def __init__(self, stale_after: float) -> None:
        self.stale_after = stale_after
        self.worker: Worker | None = None
        """The running incarnation (None while the loop waits for the database)."""
        self.task: asyncio.Task[None] | None = None
        """The running incarnation's task."""
        self.stopping = False
        """Set once the process asked the worker to stop: a stopped worker is not a dead one."""

    def gone(self) -> str | None:
        """For `/healthz`: why the worker is gone (None while it runs or stops on request)."""
        if self.stopping:
            return None
        if self.task is None or self.task.done():
            return NOT_RUNNING
        return None

    async def problem(self, db: Database) -> str | None:
        """For `/readyz`: None when the worker is ready, else why not."""
        if self.task is None or self.task.done():
            return NOT_RUNNING
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
    reachable: Reachable | None = None,
) -> None:
    """Run a worker until `stop` is set, reconnecting whenever the database goes away.

    `reachable` answers whether the database takes connections again (the runtime's
    `Database.ping`, which also drops the engine's dead connections); without it the pool's own
    opening is the test. Running jobs may finish on stop (nothing is lost either way: a job cut
    short is retried as stalled and the chain resumes from its checkpoint)."""
    stop = stop if stop is not None else asyncio.Event()
    probe = probe if probe is not None else WorkerProbe(settings.stalled_after_seconds)
    outages = 0
    left_behind: int | None = None
    while not stop.is_set():
        started = time.monotonic()
        left_behind = await _incarnation(app, settings, stop, name, probe, left_behind)
        if stop.is_set():
            break
        # Waits grow while incarnations keep failing fast, and start short after a long life.
        outages = 1 if time.monotonic() - started > HEALTHY_SECONDS else outages + 1
        await _wait_for_database(reachable, stop, outages)
        if not stop.is_set():
            log.info("worker_reconnecting", attempt=outages)
    probe.stopping = True


async def _incarnation(
    app: procrastinate.App, settings: Settings, stop: asyncio.Event, name: str | None,
    probe: WorkerProbe, left_behind: int | None,
) -> int | None:
    """One procrastinate worker, from opening its pool to its end. Returns the id of a worker
    row that could not be removed (the database went away), for the next one to remove."""
    runner: Worker | None = None
    try:
        await app.open_async()
        if left_behind is not None:
            # Its jobs have ended here (procrastinate awaited or cancelled them): removing its
            # row gives the ones still marked 'doing' back to the queue now.
            await app.job_manager.unregister_worker(left_behind)
            log.info("worker_row_released", worker=left_behind)
            left_behind = None
        runner = _make_worker(app, settings, name)
        rescuer = asyncio.create_task(
            _rescue_stalled_forever(app, settings.stalled_after_seconds, runner))
        try:
            await _run_until_stopped(runner, stop, probe)
        finally:
            rescuer.cancel()
    except DATABASE_ERRORS as exc:
        log.warning("worker_lost_database", error=str(exc) or type(exc).__name__)
        if runner is not None and runner.worker_id is not None:
            return runner.worker_id
        return left_behind
    finally:
        probe.worker, probe.task = None, None
        try:
            await app.close_async()
        except DATABASE_ERRORS as exc:
            log.debug("worker_pool_close_failed", error=str(exc))
    return None


async def _wait_for_database(reachable: Reachable | None, stop: asyncio.Event,
                             outages: int) -> None:
    """Back off until the database answers (or the worker is asked to stop)."""
    retry = outages
    while not stop.is_set():
        wait = RECONNECT.wait(min(retry, 16), None)
        retry += 1
        try:
            await asyncio.wait_for(stop.wait(), timeout=wait)
            return
        except TimeoutError:
            pass
        if reachable is None or await reachable():
            return


async def retry_stalled_jobs(app: procrastinate.App, seconds_since_heartbeat: float,
                             *, own: int | None = None) -> int:
    """Give the jobs of workers that stopped sending heartbeats to a live worker.

    `own` is the asking worker's id: its jobs are running here whatever the database saw of its
    heartbeat (after an outage longer than the window it looks stale until its next beat), and
    handing them out would run them twice."""
    stalled = await app.job_manager.get_stalled_jobs(seconds_since_heartbeat=seconds_since_heartbeat)
    count = 0
    for job in stalled:
        if own is not None and job.worker_id == own:
            continue
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


async def _rescue_stalled_forever(app: procrastinate.App, stalled_after: float,
                                  runner: Worker) -> None:
    """Every few seconds, hand jobs of dead workers (no heartbeat) to the live ones."""
    while True:
        try:
            await retry_stalled_jobs(app, stalled_after, own=runner.worker_id)
        except DATABASE_ERRORS as exc:
            log.warning("stalled_check_failed", error=str(exc))
        await asyncio.sleep(max(1.0, stalled_after / 3))


def _make_worker(app: procrastinate.App, settings: Settings, name: str | None) -> Worker:
    heartbeat_interval = max(1.0, settings.stalled_after_seconds / 3)
    app.perform_import_paths()  # type: ignore[no-untyped-call]  # untyped upstream
    # The Worker is built here rather than by `app.run_worker_async` so the probe can read
    # its id (and so its heartbeat row) while it runs.
    return Worker(
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


async def _run_until_stopped(runner: Worker, stop: asyncio.Event, probe: WorkerProbe) -> None:
    """Until `stop` (a graceful stop) or the worker's own end; a lost database raises."""
    worker = asyncio.create_task(runner.run())  # type: ignore[no-untyped-call]
    probe.worker, probe.task = runner, worker
    stopper = asyncio.create_task(stop.wait())
    try:
        done, _ = await asyncio.wait({worker, stopper}, return_when=asyncio.FIRST_COMPLETED)
    except asyncio.CancelledError:
        await _stop_gracefully(worker)
        raise
    finally:
        stopper.cancel()
    if worker not in done:
        log.info("worker_stopping")
        probe.stopping = True
        await _stop_gracefully(worker)
        return
    worker.result()  # a lost database raises here
    # Ended by itself without an error: a side task (heartbeat, listener) failed and
    # procrastinate stopped the worker; the loop runs another.
    log.warning("worker_ended_unasked")


async def _stop_gracefully(worker: asyncio.Task[None]) -> None:
    worker.cancel()  # procrastinate treats cancel as a graceful stop: no new jobs
    try:
        await worker
    except asyncio.CancelledError:
        pass

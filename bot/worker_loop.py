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
from collections.abc import Awaitable, Callable, Collection

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
from bot.store.queue import EVENTS_QUEUE, QUEUE, heartbeat_age

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
    are its procrastinate workers (run slots and event slots) registered, and does the database
    see their heartbeats? A worker whose loop is wedged stops beating long before its task ends;
    the stalled-job rescue of the other workers goes by that same heartbeat."""

    def __init__(self, stale_after: float) -> None:
        self.stale_after = stale_after
        self.workers: list[Worker] = []
        """The running incarnation's workers, the run slots' first (none between two)."""
        self.tasks: list[asyncio.Task[None]] = []
        self.stopping = False
        """Set once the process asked the worker to stop: a stopped worker is not a dead one."""

    @property
    def worker(self) -> Worker | None:
        """The run slots' worker of the running incarnation."""
        return self.workers[0] if self.workers else None

    def _not_running(self) -> bool:
        return not self.tasks or any(task.done() for task in self.tasks)

    def gone(self) -> str | None:
        """For `/healthz`: why the worker is gone (None while it runs or stops on request)."""
        if self.stopping:
            return None
        return NOT_RUNNING if self._not_running() else None

    async def problem(self, db: Database) -> str | None:
        """For `/readyz`: None when the worker is ready, else why not."""
        if self._not_running():
            return NOT_RUNNING
        ids = [worker.worker_id for worker in self.workers]
        if None in ids:
            return "worker not registered yet"
        try:
            async with db.transaction() as session:
                ages = [await heartbeat_age(session, worker_id)
                        for worker_id in ids if worker_id is not None]
        except DatabaseUnavailable:
            return "database unreachable"
        if None in ages:
            return "worker heartbeat missing (pruned as stalled)"
        oldest = max(age for age in ages if age is not None)
        if oldest > self.stale_after:
            return f"worker heartbeat {oldest:.0f} s old"
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
    left_behind: list[int] = []
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
    probe: WorkerProbe, left_behind: list[int],
) -> list[int]:
    """One set of procrastinate workers (run slots, event slots), from opening the pool to
    their end. Returns the ids of worker rows that could not be removed (the database went
    away), for the next incarnation to remove."""
    runners: list[Worker] = []
    try:
        await app.open_async()
        for worker_id in left_behind:
            # Its jobs have ended here (procrastinate awaited or cancelled them): removing its
            # row gives the ones still marked 'doing' back to the queue now.
            await app.job_manager.unregister_worker(worker_id)
            log.info("worker_row_released", worker=worker_id)
        left_behind = []
        runners = _make_workers(app, settings, name)
        rescuer = asyncio.create_task(
            _rescue_stalled_forever(app, settings.stalled_after_seconds, runners))
        try:
            await _run_until_stopped(runners, stop, probe)
        finally:
            rescuer.cancel()
    except DATABASE_ERRORS as exc:
        log.warning("worker_lost_database", error=str(exc) or type(exc).__name__)
        return left_behind + [r.worker_id for r in runners if r.worker_id is not None]
    finally:
        probe.workers, probe.tasks = [], []
        try:
            await app.close_async()
        except DATABASE_ERRORS as exc:
            log.debug("worker_pool_close_failed", error=str(exc))
    return []


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
                             *, own: Collection[int | None] = ()) -> int:
    """Give the jobs of workers that stopped sending heartbeats to a live worker.

    `own` are the asking process's worker ids: their jobs are running here whatever the
    database saw of their heartbeats (after an outage longer than the window they look stale
    until the next beat), and handing them out would run them twice."""
    stalled = await app.job_manager.get_stalled_jobs(seconds_since_heartbeat=seconds_since_heartbeat)
    count = 0
    for job in stalled:
        if job.worker_id is not None and job.worker_id in own:
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
                                  runners: list[Worker]) -> None:
    """Every few seconds, hand jobs of dead workers (no heartbeat) to the live ones."""
    while True:
        try:
            own = {runner.worker_id for runner in runners} - {None}
            await retry_stalled_jobs(app, stalled_after, own=own)
        except DATABASE_ERRORS as exc:
            log.warning("stalled_check_failed", error=str(exc))
        await asyncio.sleep(max(1.0, stalled_after / 3))


def _make_workers(app: procrastinate.App, settings: Settings, name: str | None) -> list[Worker]:
    """The run slots (runs and every other job) and the event slots (webhook events only), each
    a procrastinate worker of its own: events never wait for a run slot."""
    app.perform_import_paths()  # type: ignore[no-untyped-call]  # untyped upstream
    base = name or WORKER_NAME
    return [_make_worker(app, settings, base, [QUEUE], settings.worker_concurrency),
            _make_worker(app, settings, f"{base}-events", [EVENTS_QUEUE],
                         settings.event_concurrency)]


def _make_worker(app: procrastinate.App, settings: Settings, name: str, queues: list[str],
                 concurrency: int) -> Worker:
    heartbeat_interval = max(1.0, settings.stalled_after_seconds / 3)
    # The Worker is built here rather than by `app.run_worker_async` so the probe can read
    # its id (and so its heartbeat row) while it runs.
    return Worker(
        app=app,
        queues=queues,
        name=name,
        concurrency=concurrency,
        install_signal_handlers=False,
        update_heartbeat_interval=heartbeat_interval,
        # The heartbeat must outlive procrastinate's own during a graceful stop, or the
        # jobs still finishing are rescued as stalled and run twice (bot/heartbeat.py).
        worker_middleware=[keep_heartbeat(heartbeat_interval)],
        stalled_worker_timeout=settings.stalled_after_seconds,
        shutdown_graceful_timeout=settings.shutdown_grace_seconds,
        fetch_job_polling_interval=2.0,
    )


async def _run_until_stopped(runners: list[Worker], stop: asyncio.Event,
                             probe: WorkerProbe) -> None:
    """Until `stop` (a graceful stop) or one worker's own end, which stops the others; a lost
    database raises."""
    tasks = [asyncio.create_task(runner.run()) for runner in runners]  # type: ignore[no-untyped-call]
    probe.workers, probe.tasks = runners, tasks
    stopper = asyncio.create_task(stop.wait())
    try:
        await asyncio.wait({*tasks, stopper}, return_when=asyncio.FIRST_COMPLETED)
    except asyncio.CancelledError:
        await _stop_gracefully(tasks)
        raise
    finally:
        stopper.cancel()
    if stop.is_set():
        log.info("worker_stopping")
        probe.stopping = True
    errors = await _stop_gracefully(tasks)
    if stop.is_set():
        return
    if errors:
        raise errors[0]  # a lost database
    # Ended by itself without an error: a side task (heartbeat, listener) failed and
    # procrastinate stopped the worker; the loop runs another.
    log.warning("worker_ended_unasked")


async def _stop_gracefully(tasks: list[asyncio.Task[None]]) -> list[BaseException]:
    """Stop every worker (procrastinate treats cancel as a graceful stop: no new jobs, running
    ones may finish) and wait for them; returns their errors."""
    for task in tasks:
        if not task.done():
            task.cancel()
    results = await asyncio.gather(*tasks, return_exceptions=True)
    return [r for r in results
            if isinstance(r, BaseException) and not isinstance(r, asyncio.CancelledError)]

"""A worker's heartbeat lasts as long as any of its jobs runs, graceful shutdown included.

procrastinate stops a worker's heartbeat task first when the worker is asked to stop, then waits
up to the grace period for the running jobs. A job still running `stalled_after_seconds` into
that wait looks abandoned to every other worker's stalled-job rescue (bot/jobs.py), which puts it
back in the queue: another worker then runs the same chain next to the one finishing it. This
worker middleware beats for the worker while each of its jobs runs, so a job is only ever
rescued from a worker that is really gone.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Awaitable, Callable
from typing import Any

import procrastinate
import structlog

log = structlog.get_logger(__name__)

CallNext = Callable[[], Awaitable[Any]]
Middleware = Callable[[CallNext, Any, Any], Awaitable[Any]]


def keep_heartbeat(interval: float) -> Middleware:
    """A procrastinate worker middleware beating every `interval` seconds while a job runs."""

    async def middleware(call_next: CallNext, context: Any, worker: Any) -> Any:
        beating = asyncio.create_task(_beat(worker, interval))
        try:
            return await call_next()
        finally:
            beating.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await beating

    return middleware


async def _beat(worker: Any, interval: float) -> None:
    while True:
        await asyncio.sleep(interval)
        worker_id = worker.worker_id
        if worker_id is None:  # unregistered: the worker has finished
            return
        try:
            await worker.app.job_manager.update_heartbeat(worker_id)
        except (OSError, procrastinate.exceptions.ConnectorException) as exc:
            log.warning("heartbeat_failed", worker=worker_id, error=str(exc))

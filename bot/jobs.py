"""Durable background work on procrastinate: handle an event, run a chain, rescue stalled jobs.

This module owns the two core tasks as a procrastinate `Blueprint`; every package with periodic
work owns its own (`bot/rules/jobs.py`, `bot/redelivery_jobs.py`, `bot/retention.py`), and the
composition root (`bot/runtime.py`) composes them into the one job app, as `handlers/` composes
its routers. Collaborators reach the tasks through the `Runtime` the root builds; this module
never imports `handlers`. Queue and task names, and deferring in a transaction, live in
`bot/store/queue.py`; the worker's loop (reconnecting through database outages) in
`bot/worker_loop.py`.
"""

from __future__ import annotations

from typing import Any

import procrastinate
import structlog

from bot import tracing
from bot.events import Event
from bot.services import Runtime
from bot.store.queue import EVENTS_QUEUE, HANDLE_EVENT, QUEUE, RUN_CHAIN

# The worker's loop, its probe and the stalled-job rescue live in bot/worker_loop.py; they are
# named here too, where the tasks they run are.
from bot.worker_loop import WorkerProbe, retry_stalled_jobs, run_worker

__all__ = ["JOB_RETRY", "WorkerProbe", "blueprint", "need_runtime", "retry_stalled_jobs",
           "run_worker"]

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

    @tasks.task(name=HANDLE_EVENT, queue=EVENTS_QUEUE, pass_context=False, retry=JOB_RETRY)
    async def handle_event(delivery: int, event: dict[str, Any], trace: str | None = None
                           ) -> None:
        current = need_runtime(runtime)
        if current.route_event is None:
            log.warning("no_event_router", delivery=delivery)
            return
        with (structlog.contextvars.bound_contextvars(delivery=delivery),
              tracing.continued(trace),
              tracing.span("job handle_event", kind=tracing.SpanKind.CONSUMER,
                           delivery=delivery)):
            await current.route_event(Event.model_validate(event), current)

    @tasks.task(name=RUN_CHAIN, queue=QUEUE, pass_context=False, retry=JOB_RETRY)
    async def run_chain(run_id: int, trace: str | None = None) -> None:
        current = need_runtime(runtime)
        if current.run_chain is None:
            raise RuntimeError("no chain runner is configured in this process")
        with (structlog.contextvars.bound_contextvars(run=run_id),
              tracing.continued(trace),
              tracing.span("job run_chain", kind=tracing.SpanKind.CONSUMER, run=run_id)):
            await current.run_chain(run_id, current)

    return tasks

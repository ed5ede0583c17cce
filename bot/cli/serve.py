"""`smith serve`, `smith worker` and `smith db upgrade`: the long-running processes.

The runtime and the job app come from the composition root (`bot/runtime.py`); this module
only adds the web listeners, signals and the worker's life cycle.
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import signal
from collections.abc import Coroutine, Iterator
from contextlib import contextmanager
from typing import Any

import structlog
from aiohttp import web

from bot import tracing
from bot.app import create_admin_app, create_app
from bot.command_line import EXIT_OK, CommandError, database_target, load_settings
from bot.config import Settings
from bot.dashboard import add_dashboard_routes
from bot.exposure import plan_exposure
from bot.jobs import WorkerProbe, run_worker
from bot.metrics import Metrics
from bot.runtime import build_job_app, build_runtime
from bot.store.db import uses_embedded
from bot.store.embedded import keep_running
from bot.terminal import make_console
from bot.workspace.leftovers import remove_leftover_runs

log = structlog.get_logger(__name__)

# A request allocates a few thousand short-lived objects; collecting the youngest generation
# every 700 allocations (Python's default) puts collector pauses into the webhook's tail.
GC_YOUNG_THRESHOLD = 20_000


def _stop_event() -> asyncio.Event:
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for sig in (signal.SIGTERM, signal.SIGINT):
        loop.add_signal_handler(sig, stop.set)
    return stop


async def _serve(settings: Settings, url: str, host: str, port: int, with_worker: bool) -> None:
    runtime, router = build_runtime(settings, url)
    stop = _stop_event()
    token = settings.dashboard_token.get_secret_value() if settings.dashboard_token else None
    exposure = plan_exposure(host=host, has_token=token is not None,
                             admin_host=settings.admin_host, admin_port=settings.admin_port)
    if exposure.reason:
        log.warning("dashboard_not_served", host=host, reason=exposure.reason)

    def dashboard(app: web.Application) -> None:
        add_dashboard_routes(app, runtime.db, token=token, stats_window=settings.stats_window,
                             budgets=settings.budgets)

    metrics = Metrics(top_repositories=settings.metrics_top_repositories)
    worker: asyncio.Task[None] | None = None
    probe = WorkerProbe(stale_after=settings.stalled_after_seconds)

    async def worker_check() -> str | None:
        return await probe.problem(runtime.db)

    # No aiohttp access log: every webhook already logs one structured line with its ids.
    web_runner = web.AppRunner(access_log=None, app=create_app(
        settings, runtime.db, router, metrics=metrics, with_metrics=exposure.metrics_public,
        extra_routes=dashboard if exposure.dashboard_public else None,
        worker_check=worker_check if with_worker else None,
        worker_gone=probe.gone if with_worker else None,
    ))
    await web_runner.setup()
    site = web.TCPSite(web_runner, host, port)
    await site.start()
    runners = [web_runner]
    if exposure.admin_site:
        admin_runner = web.AppRunner(access_log=None, app=create_admin_app(
            runtime.db, metrics, extra_routes=dashboard if exposure.dashboard_on_admin else None,
            worker_check=worker_check if with_worker else None,
            worker_gone=probe.gone if with_worker else None))
        await admin_runner.setup()
        await web.TCPSite(admin_runner, settings.admin_host, settings.admin_port).start()
        runners.append(admin_runner)
    # Everything built so far lives as long as the process: keep it out of the collector's
    # way, so a burst of deliveries does not pay for re-scanning it.
    gc.freeze()
    gc.set_threshold(GC_YOUNG_THRESHOLD, 20, 20)
    log.info("serving", host=host, port=port, worker=with_worker)
    keeper = _keep_embedded_running(settings)
    if with_worker:
        await _remove_leftovers(settings)
        worker = asyncio.create_task(run_worker(build_job_app(url, runtime), settings, stop=stop,
                                                 probe=probe, reachable=runtime.db.ping))
    try:
        await stop.wait()
    finally:
        log.info("shutting_down")
        for runner in runners:  # no new deliveries; queued jobs stay in Postgres
            await runner.cleanup()
        if worker is not None:
            await worker
        if keeper is not None:
            keeper.cancel()
        await runtime.close()


async def _work(settings: Settings, url: str, health_port: int | None) -> None:
    runtime, _router = build_runtime(settings, url)
    stop = _stop_event()
    probe = WorkerProbe(stale_after=settings.stalled_after_seconds)
    keeper = _keep_embedded_running(settings)
    await _remove_leftovers(settings)
    worker = asyncio.create_task(run_worker(build_job_app(url, runtime), settings, stop=stop,
                                            probe=probe, reachable=runtime.db.ping))

    async def worker_check() -> str | None:
        return await probe.problem(runtime.db)

    health = None
    if health_port is not None:  # probes for an orchestrator: /healthz, /readyz, /metrics
        metrics = Metrics(top_repositories=settings.metrics_top_repositories)
        health = web.AppRunner(access_log=None, app=create_admin_app(
            runtime.db, metrics, worker_check=worker_check, worker_gone=probe.gone))
        await health.setup()
        await web.TCPSite(health, settings.admin_host, health_port).start()
    try:
        await worker
    finally:
        if keeper is not None:
            keeper.cancel()
        if health is not None:
            await health.cleanup()
        await runtime.close()


async def _remove_leftovers(settings: Settings) -> None:
    """Before a worker takes jobs: the checkouts of an earlier process on this data folder
    that was killed outright (a live process's stay, bot/workspace/leftovers.py)."""
    await asyncio.to_thread(remove_leftover_runs, settings.workspace_dir)


def _keep_embedded_running(settings: Settings) -> asyncio.Task[None] | None:
    """On the embedded default, a task that restarts the server when its postmaster dies (the
    process is the server's keeper; an operator's server is the operator's)."""
    if not uses_embedded(settings):
        return None
    return asyncio.create_task(keep_running(settings.postgres_dir))


def run_event_loop(main: Coroutine[Any, Any, None], kind: str) -> None:
    """`asyncio.run(main)` on uvloop unless `kind` is "asyncio" (or uvloop is missing)."""
    if kind == "uvloop":
        try:
            import uvloop
        except ImportError:
            log.warning("uvloop_unavailable", fallback="asyncio")
        else:
            uvloop.run(main)
            return
    asyncio.run(main)


def cmd_serve(args: argparse.Namespace) -> int:
    settings = load_settings()
    host = args.host or settings.host
    port = args.port if args.port is not None else settings.port
    with database_target(settings) as url, traced(settings):
        run_event_loop(_serve(settings, url, host, port, with_worker=not args.no_worker),
                       settings.event_loop)
    return EXIT_OK


def cmd_worker(args: argparse.Namespace) -> int:
    settings = load_settings()
    if args.concurrency is not None:
        if args.concurrency < 1:
            raise CommandError("--concurrency must be at least 1", code=2)
        settings = settings.model_copy(update={"worker_concurrency": args.concurrency})
    with database_target(settings) as url, traced(settings):
        run_event_loop(_work(settings, url, args.health_port), settings.event_loop)
    return EXIT_OK


@contextmanager
def traced(settings: Settings) -> Iterator[None]:
    """Tracing on for the process's life when `SMITH_TRACING_ENDPOINT` is set; the spans
    still buffered are sent before it exits."""
    try:
        tracing.configure(settings.tracing_endpoint, service_name=settings.tracing_service_name)
    except tracing.TracingUnavailable as exc:
        raise CommandError(str(exc)) from exc
    try:
        yield
    finally:
        tracing.shutdown()


def cmd_db_upgrade(args: argparse.Namespace) -> int:
    settings = load_settings()
    with database_target(settings):
        make_console(stderr=True).print("database is up to date")
    return EXIT_OK

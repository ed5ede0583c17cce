"""The composition root: settings, database, forges, the chain runner, the handlers' router and
the job app are wired here, once per process, and nowhere else.

The CLI (`bot/cli/`) is the only importer. Everything below takes its collaborators as
arguments (`Runtime`, bot/services.py): handlers get the runtime from the job that routes an
event, steps get it from the engine. Each package with background work owns a procrastinate
`Blueprint`; they are composed into one app here, as the handlers' routers are composed into one
router (`handlers.build_router`).
"""

from __future__ import annotations

from collections.abc import Callable

import procrastinate

from bot import jobs, redelivery_jobs, retention
from bot.audit.actions import audited_forges
from bot.budgets import jobs as budget_jobs
from bot.catalogue import GRAPHS
from bot.chains.tests import jobs as testgen_jobs
from bot.config import Settings
from bot.engine.runner import chain_runner
from bot.notices import jobs as notice_jobs
from bot.rules import jobs as rules_jobs
from bot.services import Runtime, build_forges
from bot.store.db import Database
from bot.store.own_jobs import OwnJobsManager
from handlers import build_router
from handlers.routing import Router

# Every package's tasks. Task names predate blueprints and are stored in queued jobs, so they
# are composed without a namespace (procrastinate prefixes only a non-empty one); a name given
# twice is refused at start-up.
JOB_BLUEPRINTS: tuple[Callable[[Runtime | None], procrastinate.Blueprint], ...] = (
    jobs.blueprint,
    rules_jobs.blueprint,
    redelivery_jobs.blueprint,
    retention.blueprint,
    testgen_jobs.blueprint,
    notice_jobs.blueprint,
    budget_jobs.blueprint,
)


def build_runtime(settings: Settings, url: str) -> tuple[Runtime, Router]:
    """The process's runtime (forges, database, chain runner, event router) and the router."""
    router = build_router(settings)
    db = Database(url)
    # Every change request opened or updated leaves an audit row (pushes: the steps' records).
    forges = audited_forges(build_forges(settings), db, actor=settings.bot_account)
    runtime = Runtime(
        settings=settings, db=db, forges=forges,
        route_event=router.dispatch, run_chain=chain_runner(GRAPHS), graphs=GRAPHS,
    )
    return runtime, router


def build_job_app(database_url: str, runtime: Runtime | None = None) -> procrastinate.App:
    """A procrastinate App with every package's tasks; `runtime` is needed only to execute
    them (a process that only defers jobs passes none)."""
    app = procrastinate.App(connector=procrastinate.PsycopgConnector(conninfo=database_url))
    # A worker finishes or retries only the jobs it still holds (a rescued one is the
    # rescuer's): bot/store/own_jobs.py.
    app.job_manager = OwnJobsManager(connector=app.connector)
    for blueprint in JOB_BLUEPRINTS:
        app.add_tasks_from(blueprint(runtime), namespace="")
    return app

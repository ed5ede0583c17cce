"""The job's entry point: pick the run's graph and walk it; the catch-all edge of a run.

The graphs are handed in (`chain_runner`): the root composes every chain's graphs
(bot/catalogue.py), a command that runs one chain hands its own, and nothing here knows a chain.

Only here (and at the webhook) are unexpected errors caught broadly: the run is marked failed
with the error recorded and said on the issue, instead of a job retried forever.
"""

from __future__ import annotations

from collections.abc import Mapping
from datetime import UTC, datetime

import structlog

from bot.engine.endings import render_internal_error
from bot.engine.graph import Graph
from bot.engine.run_store import PostgresRunStore, RunStore
from bot.engine.state import RunState
from bot.engine.status import StatusBoard, speaks_on
from bot.engine.walk import RetryLater, RunEngine, private_dirs
from bot.forge.base import RepoRef
from bot.forge.errors import ForgeError
from bot.services import ChainRunner, Runtime
from bot.store.lease import Lease, LeaseLost

log = structlog.get_logger(__name__)


def chain_runner(graphs: Mapping[str, Graph], store: RunStore | None = None) -> ChainRunner:
    """The job's entry point over `graphs` (by chain name): what `Runtime.run_chain` holds.
    The runs' rows go to `store`, PostgreSQL (the runtime's database) unless given."""

    async def run_chain(run_id: int, runtime: Runtime) -> None:
        await walk_run(graphs, run_id, runtime, store)

    return run_chain


async def walk_run(graphs: Mapping[str, Graph], run_id: int, runtime: Runtime,
                   store: RunStore | None = None) -> None:
    store = store or PostgresRunStore(runtime.db)
    run = await store.run(run_id)
    if run is None:
        log.warning("run_missing", run=run_id)
        return
    graph = graphs.get(run.chain)
    if graph is None:
        await _fail(runtime, store, run_id, f"unknown chain {run.chain!r}")
        return
    engine = RunEngine(graph, runtime, store)
    try:
        await engine.walk(run_id)
    except RetryLater:
        raise
    except LeaseLost as exc:  # another executor claimed the run: its ending is the one
        log.warning("run_fenced", run=run_id, lease=exc.lease.token, before=exc.what)
    except Exception as exc:  # the job edge: record, report, do not retry a broken run forever
        if graph.held:  # its message or traceback could show a value held in memory only
            log.error("run_crashed", run=run_id, error=type(exc).__name__)
            await _fail(runtime, store, run_id, f"internal error: {type(exc).__name__}", graph,
                        fence=engine.lease)
            return
        log.exception("run_crashed", run=run_id)
        await _fail(runtime, store, run_id, f"internal error: {type(exc).__name__}: {exc}",
                    graph, fence=engine.lease)


async def _fail(runtime: Runtime, store: RunStore, run_id: int, reason: str,
                graph: Graph | None = None, *, fence: Lease | None = None) -> None:
    """The last resort: the run is failed, its open steps closed, its status comment final,
    and the failure said on the issue unless an ending was said already. Under the walk's
    lease when it claimed one: a run another executor has claimed since is not ended here."""
    try:
        await _fail_fenced(runtime, store, run_id, reason, graph, fence)
    except LeaseLost as exc:
        log.warning("run_fenced", run=run_id, lease=exc.lease.token, before=exc.what)


async def _fail_fenced(runtime: Runtime, store: RunStore, run_id: int, reason: str,
                       graph: Graph | None, fence: Lease | None) -> None:
    run = await store.run(run_id)
    if run is None:
        return
    state = RunState.load(run.params)
    said = state.ending_said
    state.ending_said = True
    await store.fail_open_steps(run_id, fence=fence)
    await store.records(fence).update_run(run_id, {
        "status": "failed", "outcome": "internal_error", "reason": reason[:2000],
        "finished_at": datetime.now(UTC), "params": state.dump()})
    forge_name, repo = run.forge, run.repo
    item = speaks_on(run.subject_kind, run.subject_key, run.issue_number)
    if item is None:  # a campaign without an issue: the store and the log keep the failure
        return
    try:
        forge = runtime.forge(forge_name)
        repo_ref = RepoRef(forge_name, repo)  # type: ignore[arg-type]  # a stored forge name
        if graph is not None:
            await StatusBoard(store, forge, repo_ref, item, run_id, graph.step_names(),
                              private_dirs=private_dirs(runtime.settings),
                              optional=graph.optional_steps(),
                              stopped_short=graph.stopped_short).refresh()
        if not said:
            await forge.create_comment(repo_ref, item,
                                       render_internal_error(run_id, step="internal"))
    except (ForgeError, LookupError) as exc:
        log.warning("failure_comment_failed", run=run_id, error=str(exc))

"""Runs walked in a shell rather than by a worker: what `smith runs approve|retry` shares with
`smith fix` (and `smith tests`, `smith examples`).

A local run (`--repo PATH`, forge `local`) exists only in the shell that walks it: no worker has
its repository, so none ever gets a job for it. When it pauses (the estimate gate, a question)
the process ends; `smith runs approve N` (or `retry N`, after an answer was added to the issue
file) walks it on in the foreground of that shell, from a `LocalForge` rebuilt from the run's
params (bot/forge/local.py `local_params`), holding what the run said before, so its report
stays whole. A run whose foreground process is interrupted (Ctrl-C) is cancelled: nothing else
would walk it on, and its subject could get no other run.

Imports stay inside the functions: `smith --help` loads the modules that import this one.
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from bot.engine.graph import Graph


def local_settings(settings: Any) -> Any:
    """Settings for a run on a local repository: git may clone it over `file://`."""
    protocols = list(dict.fromkeys([*settings.git_allowed_protocols, "file"]))
    return settings.model_copy(update={"git_allowed_protocols": protocols})


def next_steps(run: dict[str, Any]) -> list[str]:
    """What the person at the shell can do about a run that paused or ended without success:
    the `smith runs` commands (a local run has no forge to reply on)."""
    number, status = run["id"], run["status"]
    local = run["forge"] == "local"
    if status == "paused" and run.get("outcome") == "needs_info":
        if local:
            line = (f"Smith needs more information (its questions are in the report): add the "
                    f"answers to the issue file, then `smith runs retry {number}` reads it "
                    f"again and goes on here; `smith runs cancel {number}` stops the run.")
        else:
            line = (f"Smith asked on the issue: an answer there (or `smith runs retry {number}`) "
                    f"lets it read the report again; `smith runs cancel {number}` stops it.")
    elif status == "paused":
        if local:
            line = (f"The run waits for approval: `smith runs approve {number}` lets it go on "
                    f"in this shell, `smith runs cancel {number}` stops it.")
        else:
            line = (f"The run waits for approval: reply `/smith approve` on the issue, or run "
                    f"`smith runs approve {number}` (a worker, `smith serve` or `smith worker`, "
                    f"walks it on); `smith runs cancel {number}` stops it.")
    elif status in ("failed", "cancelled"):
        line = f"`smith runs retry {number}` starts it again."
    else:
        return []
    return [line]


def print_next_steps(console: Any, run: dict[str, Any]) -> None:
    for line in next_steps(run):
        console.print(line, markup=False, highlight=False)


async def keep_said(runtime: Any, run: dict[str, Any], forge: Any) -> None:
    """A local run that may go on in another shell keeps what its forge said and the labels it
    set (`LocalForge.said`): the shell that walks it on starts from them."""
    from bot.forge.local import PARAMS_KEY, is_local
    from bot.store.runs import ACTIVE_STATUSES, get_run_for_update

    if not is_local(run["forge"]) or run["status"] not in ACTIVE_STATUSES:
        return
    async with runtime.db.transaction() as session:
        stored = await get_run_for_update(session, run["id"])
        if stored is not None:
            params = dict(stored.params or {})
            params[PARAMS_KEY] = {**(params.get(PARAMS_KEY) or {}), "said": forge.said()}
            stored.params = params


async def after_foreground(runtime: Any, run: dict[str, Any], forge: Any | None,
                           console: Any) -> None:
    """After a run's turn in this shell: keep what a local run said, say what can be done."""
    if forge is not None:
        await keep_said(runtime, run, forge)
    print_next_steps(console, run)


def write_report(runtime: Any, run: dict[str, Any], forge: Any) -> Path:
    report: Path = runtime.settings.reports_dir / f"run-{run['id']}.md"
    report.parent.mkdir(parents=True, exist_ok=True)
    report.write_text(forge.report(run))
    return report


async def current(runtime: Any, run_id: int) -> dict[str, Any]:
    """The run as a dict, as it is in the store now."""
    from bot.store.runs import get_run, run_as_dict

    async with runtime.db.transaction() as session:
        run = await get_run(session, run_id)
        if run is None:
            raise LookupError(f"run {run_id} disappeared from the database")
        return run_as_dict(run)


async def walk_local_run(runtime: Any, run_id: int, forge: Any, console: Any,
                         graphs: Mapping[str, Graph]) -> dict[str, Any]:
    """Walk a local run on in this shell (`smith runs approve|retry`) as `smith fix --repo`
    walked it first: the step table, the ending, what can be done next, and its report (the
    same file, now whole). `graphs`: every chain's (the caller composes them). Returns the run
    as a dict, with `report`."""
    from bot.engine.runner import chain_runner
    from bot.engine.walk import RetryLater
    from bot.kit.foreground import run_in_foreground

    chain = (await current(runtime, run_id))["chain"]
    graph = graphs.get(chain)
    names = graph.step_names() if graph is not None else ()
    run_chain = chain_runner(graphs)
    console.print(f"Smith run {run_id}: {forge.repo_ref()} goes on here ({chain} chain)",
                  markup=False, highlight=False)
    final = await run_in_foreground(runtime, run_id, names, console, run_chain, RetryLater)
    await after_foreground(runtime, final, forge, console)
    report = write_report(runtime, final, forge)
    console.print(f"report: {report}", markup=False, highlight=False)
    return {**final, "report": str(report)}

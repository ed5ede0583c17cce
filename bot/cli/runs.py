"""`smith runs list|show`: runs with their subject, status and steps; `smith runs
approve|cancel|retry`: what the comment commands do, from the shell (forge runs and local ones)."""

from __future__ import annotations

import argparse
import asyncio
import json
from typing import TYPE_CHECKING, Any

from rich.table import Table

from bot.command_line import EXIT_OK, CommandError, database_target, load_settings
from bot.store.db import Database
from bot.store.runs import get_run, list_runs, run_as_dict, run_steps, step_as_dict

if TYPE_CHECKING:
    from bot.config import Settings
    from bot.forge.base import Forge
from bot.terminal import make_console


async def _query_runs(url: str, run_id: int | None, limit: int) -> Any:
    db = Database(url, pool_size=1)
    try:
        async with db.transaction() as session:
            if run_id is None:
                return [run_as_dict(run) for run in await list_runs(session, limit=limit)]
            run = await get_run(session, run_id)
            if run is None:
                return None
            data = run_as_dict(run)
            data["steps"] = [step_as_dict(step) for step in await run_steps(session, run_id)]
            return data
    finally:
        await db.dispose()


def cmd_runs_list(args: argparse.Namespace) -> int:
    settings = load_settings()
    with database_target(settings) as url:
        runs = asyncio.run(_query_runs(url, None, args.limit))
    if args.json:
        print(json.dumps(runs, indent=2))
        return EXIT_OK
    table = Table(title="Smith runs")
    for column in ("id", "repo", "subject", "chain", "status", "outcome", "step", "tokens",
                   "cost"):
        table.add_column(column)
    for run in runs:
        table.add_row(
            str(run["id"]), f"{run['forge']}:{run['repo']}", run["subject"]["label"],
            run["chain"], run["status"], run["outcome"] or "", run["current_step"] or "",
            str(run["input_tokens"] + run["output_tokens"]), f"${run['cost_usd']:.2f}",
        )
    make_console().print(table)
    return EXIT_OK


def cmd_runs_show(args: argparse.Namespace) -> int:
    settings = load_settings()
    with database_target(settings) as url:
        run = asyncio.run(_query_runs(url, args.id, 1))
    if run is None:
        raise CommandError(f"no run with id {args.id}")
    if args.json:
        print(json.dumps(run, indent=2))
        return EXIT_OK
    console = make_console()
    console.print(f"[bold]Run {run['id']}[/bold]  {run['forge']}:{run['repo']} "
                  f"{run['subject']['label']}  chain {run['chain']}")
    console.print(f"status: {run['status']}  outcome: {run['outcome'] or '-'}")
    if run["reason"]:
        console.print(f"reason: {run['reason']}")
    if run["change_request_url"]:
        console.print(f"change request: {run['change_request_url']}")
    table = Table(title="steps")
    for column in ("step", "attempt", "status", "verdict", "ms", "tokens", "summary"):
        table.add_column(column)
    for step in run["steps"]:
        table.add_row(step["name"], str(step["attempt"]), step["status"], step["verdict"] or "",
                      str(step["duration_ms"] or ""),
                      str(step["input_tokens"] + step["output_tokens"]), step["summary"] or "")
    console.print(table)
    return EXIT_OK


# --- approve, cancel, retry: what `/smith approve|cancel|retry` does, from the shell ---------


def cmd_runs_act(args: argparse.Namespace) -> int:
    """`smith runs approve|cancel|retry ID [--reason TEXT] [--json]`."""
    settings = load_settings()
    # With --json the words (and a local run's progress) go to stderr: stdout is the JSON.
    console = make_console(stderr=bool(args.json))
    with database_target(settings) as url:
        code, outcome = asyncio.run(_act_in_shell(settings, url, args.verb, args.id,
                                                  reason=args.reason, console=console))
    if args.json:
        print(json.dumps(outcome, indent=2))
    if not outcome["done"]:
        raise CommandError(outcome["message"])
    return code


async def _act_in_shell(settings: Settings, url: str, verb: str, run_id: int, *,
                        reason: str | None, console: Any) -> tuple[int, dict[str, Any]]:
    db = Database(url, pool_size=4)
    try:
        return await act_in_shell(settings, db, verb, run_id, reason=reason, console=console)
    finally:
        await db.dispose()


async def act_in_shell(
    settings: Settings, db: Database, verb: str, run_id: int, *, reason: str | None,
    console: Any, forges: dict[str, Forge] | None = None,
) -> tuple[int, dict[str, Any]]:
    """Approve, cancel or retry run `run_id` for the person at this shell, through the path the
    forge's comment command takes (handlers/commands.py `act_on_run`: the same checks, labels,
    audit row); what the command would answer on the forge is said there too. A local run that
    goes on is walked here, in the foreground. `forges` (tests) replaces the configured ones.

    Returns the exit code and the outcome (`done` False: refused, nothing changed)."""
    from bot.catalogue import GRAPHS
    from bot.command_line import shell_actor
    from bot.engine.status import speaks_on
    from bot.forge.base import RepoRef
    from bot.forge.errors import ForgeError
    from bot.forge.local import LOCAL, is_local, local_forge_of
    from bot.kit.local_runs import current, local_settings, walk_local_run, write_report
    from bot.services import Runtime, build_forges
    from handlers.commands import act_on_run

    async with db.transaction() as session:
        run = await get_run(session, run_id)
    if run is None:
        raise CommandError(f"no run with id {run_id}")
    local = is_local(run.forge)
    owned = local or forges is None  # forges built here are closed here
    if local:
        try:
            here = local_forge_of(run.params)
        except ValueError as exc:
            raise CommandError(f"run {run_id} cannot be walked on here: {exc}") from exc
        settings = local_settings(settings)
        forges = {LOCAL: here}
    elif forges is None:  # only the run's forge: no warning about the others
        forges = build_forges(settings) if _configured(settings, run.forge) else {}
    runtime = Runtime(settings=settings, db=db, forges=forges, graphs=GRAPHS)
    try:
        if run.forge not in forges:
            raise CommandError(f"run {run_id} is on {run.forge}: no {run.forge} credentials "
                               "are set here")
        actor = shell_actor()
        decision = await act_on_run(runtime, verb, run, actor=actor, reason=reason, via="shell")
        outcome: dict[str, Any] = {**decision.as_dict(), "actor": actor, "reason": reason,
                                   "forge": run.forge, "final": None}
        if not decision.done:
            return 1, outcome
        item = speaks_on(run.subject_kind, run.subject_key, run.issue_number)
        if item is not None and not (local and decision.outcome == "started"):
            try:  # what the comment command answers on the forge, said there for the shell
                await runtime.forge(run.forge).create_comment(
                    RepoRef(run.forge, run.repo), item, decision.reply)  # type: ignore[arg-type]
            except ForgeError as exc:
                console.print(f"warning: not said on {run.forge}: {exc}", markup=False,
                              highlight=False)
        console.print(decision.reply, markup=False, highlight=False)
        if not local:
            if decision.goes_on is not None:
                console.print(f"Run {decision.goes_on} is queued: a worker (`smith serve` or "
                              "`smith worker`) walks it.", markup=False, highlight=False)
            return 0, outcome
        if decision.goes_on is None:  # cancelled now (or asked to stop): the report says so
            if decision.outcome == "cancelled":
                write_report(runtime, await current(runtime, run.id), forges[LOCAL])
            return 0, outcome
        walked = forges[LOCAL]
        if decision.goes_on != run.id:  # a new run: its own forge, nothing said yet
            async with db.transaction() as session:
                started = await get_run(session, decision.goes_on)
            walked = local_forge_of(started.params if started is not None else None)
        final = await walk_local_run(Runtime(settings=settings, db=db, forges={LOCAL: walked}),
                                     decision.goes_on, walked, console, GRAPHS)
        outcome["final"] = final
        return (EXIT_OK if final["status"] == "succeeded" else 1), outcome
    finally:
        for forge in forges.values() if owned else ():
            await forge.close()


def _configured(settings: Settings, forge: str) -> bool:
    """Whether `build_forges` makes an adapter for `forge` (it warns when it makes none)."""
    if forge == "github":
        return bool(settings.github_token or (settings.github_app_id
                                              and settings.github_private_key_path))
    return forge == "gitlab" and bool(settings.gitlab_token)


"""`smith runs list` and `smith runs show`: runs with their subject, status and steps."""

from __future__ import annotations

import argparse
import asyncio
import json
from typing import Any

from rich.table import Table

from bot.command_line import EXIT_OK, CommandError, database_target, load_settings
from bot.store.db import Database
from bot.store.runs import get_run, list_runs, run_as_dict, run_steps, step_as_dict
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

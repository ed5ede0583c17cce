"""`smith doctor REPO`: try a repository's setup and tests as a run would."""

from __future__ import annotations

import argparse
import asyncio
import json

from rich.markup import escape
from rich.table import Table

from bot.command_line import EXIT_FAILURE, EXIT_OK, load_settings
from bot.doctor import diagnose
from bot.terminal import StatusLine, make_console


def cmd_doctor(args: argparse.Namespace) -> int:
    """Exit 0 when the repository is ready, 1 when something is missing."""
    settings = load_settings()
    # With --json the status line goes to stderr: stdout holds the JSON alone.
    console = make_console(stderr=args.json)
    with StatusLine(console) as status:
        report = asyncio.run(diagnose(settings, args.repo, branch=args.branch,
                                      progress=status.update))
    if args.json:
        print(json.dumps({**report.model_dump(mode="json"), "ready": report.ready}, indent=2))
        failed = next((check for check in report.checks if not check.ok), None)
        if failed is not None:  # the outcome and its reason for whoever reads stderr
            console.print(f"not ready: {failed.name}: {failed.message}", markup=False,
                          highlight=False)
        return EXIT_OK if report.ready else EXIT_FAILURE
    table = Table(title=f"smith doctor {escape(args.repo)}"
                  + (f" ({escape(report.branch)})" if report.branch else ""))
    for column in ("", "check", "result", "time"):
        table.add_column(column)
    for check in report.checks:
        text = escape(check.message) + (f"\n[bold]fix:[/bold] {escape(check.fix)}"
                                        if check.fix else "")
        table.add_row("[green]✓[/green]" if check.ok else "[red]✗[/red]", check.name,
                      text,
                      f"{check.seconds:.1f} s" if check.seconds is not None else "")
    console.print(table)
    for check in report.checks:
        if check.detail:
            console.print(f"[bold]{check.name} output (end):[/bold]")
            console.print(check.detail, markup=False, highlight=False)
    verdict = "[green]ready[/green]" if report.ready else "[red]not ready[/red]"
    console.print(f"{verdict} — {report.seconds:.1f} s in all", highlight=False)
    return EXIT_OK if report.ready else EXIT_FAILURE

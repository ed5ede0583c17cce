"""`smith stats`: how each step of the chain is doing, and the funnel from summon to merge.

Imports of the store stay inside the command functions on purpose: this
module is loaded to register its arguments, and `--help` must not pay for them.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import sys
from datetime import date
from typing import TYPE_CHECKING, Any

from rich.console import Console
from rich.table import Table
from rich.text import Text

from bot.stats.compute import DEFAULT_WINDOW

if TYPE_CHECKING:
    from bot.budgets.usage import UsageLine
    from bot.config import BudgetSettings
from bot.stats.report import StatsReport

EXIT_OK, EXIT_FAILURE = 0, 1


def parse_day(value: str) -> date:
    """`--since` as a calendar day; argparse turns the error into a usage message."""
    try:
        return date.fromisoformat(value)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a day as YYYY-MM-DD, got {value!r}") from None


def parse_window(value: str) -> int:
    try:
        window = int(value)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a whole number, got {value!r}") from None
    if window < 1:
        raise argparse.ArgumentTypeError("the window must be at least 1 run")
    return window


def register(subparsers: Any) -> None:
    parser = subparsers.add_parser(
        "stats",
        help="per-step statistics, the funnel and step-health flags",
        description="Per step: runs, passes, rejections by reason, human gates, skips, failures, "
        "median time and tokens; the funnel summon → change request → merged → merged without "
        "edits; removal and rework candidates over each step's last N runs; fix runs with and "
        "without a red reproduction test per repository; the test-generation funnel; the "
        "held-out chain's runs (metrics only).",
    )
    parser.add_argument("--repo", metavar="OWNER/NAME", help="only runs of this repository")
    parser.add_argument("--since", type=parse_day, metavar="YYYY-MM-DD",
                        help="only runs created on or after this day (UTC)")
    parser.add_argument("--window", type=parse_window, metavar="N", default=None,
                        help=f"recent runs per step the health flags look at "
                        f"(default: SMITH_STATS_WINDOW or {DEFAULT_WINDOW})")
    parser.add_argument("--json", action="store_true", help="print the report as JSON")
    parser.set_defaults(func=run_stats)


def run_stats(args: argparse.Namespace) -> int:
    from bot.command_line import database_target, load_settings
    from bot.store.db import DatabaseUnavailable

    settings = load_settings()
    window = args.window or getattr(settings, "stats_window", DEFAULT_WINDOW)
    with database_target(settings) as url:
        try:
            report = asyncio.run(_load(url, args.repo, args.since, window))
            usage = asyncio.run(_load_usage(url, settings.budgets, args.repo))
        except DatabaseUnavailable as exc:
            print(f"smith stats: database unavailable: {exc}", file=sys.stderr)
            return EXIT_FAILURE
    if args.json:
        print(json.dumps({**report.as_json(),
                          "usage": [line.model_dump(mode="json") for line in usage]}, indent=2))
    else:
        from bot.terminal import make_console

        console = make_console()
        print_report(report, console)
        print_usage(usage, console)
    return EXIT_OK


async def _load_usage(url: str, budgets: BudgetSettings, repo: str | None) -> list[UsageLine]:
    from bot.budgets.usage import load_usage
    from bot.store.db import Database

    db = Database(url, pool_size=1)
    try:
        async with db.transaction() as session:
            return await load_usage(session, budgets, repo=repo)
    finally:
        await db.dispose()


def print_usage(lines: list[UsageLine], console: Console) -> None:
    """Spending today and this month (UTC) beside the caps of `[budgets]`."""
    table = Table(title="model spending (UTC) and caps")
    for column in ("scope", "period", "tokens", "token cap", "$", "$ cap"):
        table.add_column(column, justify="left" if column in ("scope", "period") else "right")
    for line in lines:
        scope = "installation" if line.scope == "installation" else f"{line.forge}:{line.repo}"
        table.add_row(Text(scope), "today" if line.period == "day" else "this month",
                      str(line.tokens), _number(line.cap_tokens), f"{line.usd:.2f}",
                      _dollars(line.cap_usd))
    console.print(table)


async def _load(url: str, repo: str | None, since: date | None, window: int) -> StatsReport:
    from bot.stats.query import load_stats
    from bot.store.db import Database

    db = Database(url, pool_size=1)
    try:
        async with db.transaction() as session:
            return await load_stats(session, repo=repo, since=since, window=window)
    finally:
        await db.dispose()


def print_report(report: StatsReport, console: Console) -> None:
    scope = ", ".join(
        part for part in (
            f"repo {report.filters.repo}" if report.filters.repo else "",
            f"since {report.filters.since}" if report.filters.since else "",
        ) if part
    ) or "all runs"
    funnel = report.funnel
    console.print(f"[bold]Smith stats[/bold] ({scope}; flags over each step's last "
                  f"{report.window} runs)")
    console.print(f"funnel: summoned {funnel.summoned} → change request {funnel.change_request} "
                  f"→ merged {funnel.merged} → merged without edits "
                  f"{funnel.merged_without_edits}   (rework runs: {funnel.rework_runs})")
    if report.runs_by_subject:
        console.print("subjects: " + ", ".join(
            f"{kind.replace('_', ' ')} {count}" for kind, count in report.runs_by_subject.items()))
    table = Table(title="steps")
    for column in ("step", "runs", "exec", "pass", "reject", "gates", "skips", "fail",
                   "median ms", "median tokens", "health"):
        table.add_column(column, justify="left" if column in ("step", "reject", "health")
                         else "right")
    for step in report.steps:
        table.add_row(
            step.step, str(step.runs), str(step.executions), str(step.passes),
            reject_cell(step.rejections, step.rejections_by_reason), str(step.gates),
            str(step.skips), str(step.failures), _number(step.median_duration_ms),
            _number(step.median_tokens), ", ".join(health_flags(step.removal_candidate,
                                                                step.rework_candidate)),
        )
    console.print(table)
    print_reproduction(report, console)
    print_testgen(report, console)
    print_examples(report, console)


def print_reproduction(report: StatsReport, console: Console) -> None:
    if not report.reproduction:
        return
    table = Table(title="fix runs with / without a red reproduction test")
    for column in ("repository", "reproduction test", "runs", "change requests", "success",
                   "reworked", "rework rate", "merged", "median tokens", "median $", "total $"):
        table.add_column(column, justify="left" if column in ("repository", "reproduction test")
                         else "right")
    for comparison in report.reproduction:
        for label, group in (("with", comparison.with_test), ("without", comparison.without_test)):
            table.add_row(
                Text(comparison.repo), label, str(group.runs), str(group.change_requests),
                _rate(group.success_rate), str(group.reworked), _rate(group.rework_rate),
                str(group.merged), _number(group.median_tokens), _dollars(group.median_cost_usd),
                _dollars(group.cost_usd))
    console.print(table)


def print_testgen(report: StatsReport, console: Console) -> None:
    funnel = report.testgen
    if funnel is None:
        return
    console.print(f"test generation: {funnel.runs} runs, {funnel.targets} files tried")
    console.print("  funnel: " + " → ".join(
        f"{stage.stage} {stage.files}" + (f" ({stage.tests} tests)" if stage.tests is not None
                                          else "") for stage in funnel.stages))
    if funnel.stopped_by:
        console.print("  tries stopped by: " + ", ".join(
            f"{gate} {count}" for gate, count in funnel.stopped_by.items()))


def print_examples(report: StatsReport, console: Console) -> None:
    examples = report.examples
    if examples is None:
        return
    mean = examples.mean_iterations_to_threshold
    console.print(f"held-out chain: {examples.runs} runs, {examples.accepted} accepted, "
                  f"{examples.merged} merged, {examples.accepted_without_edits} accepted without "
                  f"edits; mean iterations to threshold {_number(mean)}")
    table = Table(title="held-out chain runs (metrics only)")
    for column in ("run", "repository", "outcome", "iterations", "to threshold",
                   "train R / P", "held-out R / P", "gap R / P", "held-out size", "merged"):
        table.add_column(column, justify="left" if column in ("repository", "outcome")
                         else "right")
    for run in examples.per_run:
        table.add_row(
            str(run.run), Text(run.repo), run.outcome or run.status, str(run.iterations),
            _number(run.iterations_to_threshold),
            f"{_rate(run.train_recall)} / {_rate(run.train_precision)}",
            f"{_rate(run.held_out_recall)} / {_rate(run.held_out_precision)}",
            f"{_signed(run.recall_gap)} / {_signed(run.precision_gap)}",
            str(run.held_out_size), _merged(run.merged, run.accepted_without_edits))
    console.print(table)


def _rate(value: float | None) -> str:
    return "-" if value is None else f"{value:.0%}"


def _signed(value: float | None) -> str:
    return "-" if value is None else f"{value * 100:+.0f} pt"


def _dollars(value: float | None) -> str:
    return "-" if value is None else f"{value:.2f}"


def _merged(merged: bool | None, without_edits: bool | None) -> str:
    if merged is None:
        return "-"
    if not merged:
        return "closed"
    return "without edits" if without_edits else "with edits"


def reject_cell(total: int, reasons: dict[str, int]) -> str:
    if not total:
        return "0"
    return f"{total} (" + ", ".join(f"{reason} {count}" for reason, count in reasons.items()) + ")"


def health_flags(removal: bool, rework: bool) -> list[str]:
    return [label for flag, label in ((removal, "removal candidate"),
                                      (rework, "rework candidate")) if flag]


def _number(value: float | None) -> str:
    if value is None:
        return "-"
    return f"{value:.0f}" if value == int(value) else f"{value:.1f}"

"""The index page's data: the stats report, step health per chain, and the charts (funnel,
tokens and dollars per day, step durations, rejections by reason per day, the
test-generation gate funnel, held-out recall and precision per iteration)."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from datetime import UTC, date, datetime, timedelta

from sqlalchemy.ext.asyncio import AsyncSession

from bot.config import BudgetSettings, PeriodCaps
from bot.dashboard.charts import (
    BoxChart,
    ColumnChart,
    HBarChart,
    LineChart,
    boxes,
    columns,
    hbars,
    lines,
)
from bot.dashboard.timeline import format_duration
from bot.stats.compute import compute_stats
from bot.stats.report import StatsReport, StepStats
from bot.store.charts import DayCount, duration_spreads, rejections_per_day, usage_per_day
from bot.store.stats import (
    ExamplesRow,
    load_examples_rows,
    load_run_rows,
    load_step_rows,
    load_test_file_tries,
)

CHAIN_ORDER = ("fix", "rework", "tests", "tests_cr", "examples")
"""Chains in the order people look for them; any other chain follows by name."""
REASONS_SHOWN = 7
"""Rejection reasons with colours of their own; the rest are summed as `other`."""
HELD_OUT_RUNS = 3
"""The newest held-out runs charted iteration by iteration."""


@dataclass(frozen=True)
class ChainSteps:
    chain: str
    steps: list[StepStats]


@dataclass(frozen=True)
class Overview:
    stats: StatsReport
    chains: list[ChainSteps]
    days: int
    funnel: HBarChart
    tokens: ColumnChart
    dollars: ColumnChart
    durations: BoxChart
    rejections: ColumnChart
    gates: HBarChart | None
    held_out: list[LineChart]


def daily_caps(budgets: BudgetSettings, repo: str | None) -> PeriodCaps:
    """The day caps a page's per-day charts are held to: the installation's, or with a
    repository chosen, its own (the settings' `repositories` entry, else `repository`)."""
    if repo is None:
        return budgets.installation
    return budgets.repositories.get(repo, budgets.repository)


async def load_overview(session: AsyncSession, *, repo: str | None, days: int, window: int,
                        today: date | None = None,
                        caps: PeriodCaps | None = None) -> Overview:
    runs = await load_run_rows(session, repo=repo)
    steps = await load_step_rows(session, repo=repo)
    examples = await load_examples_rows(session, repo=repo)
    stats = compute_stats(runs, steps, window=window, repo=repo,
                          test_file_tries=await load_test_file_tries(session, repo=repo),
                          examples_rows=examples)
    chains = sorted({run.chain for run in runs}, key=_chain_key)
    per_chain = [ChainSteps(chain, compute_stats([r for r in runs if r.chain == chain], steps,
                                                 window=window).steps) for chain in chains]
    last = today or datetime.now(UTC).date()
    span = [last - timedelta(days=days - 1 - i) for i in range(days)]
    usage = {row.day: row for row in await usage_per_day(session, since=span[0], repo=repo)}
    spreads = await duration_spreads(session, repo=repo)
    return Overview(
        stats=stats, chains=per_chain, days=days, funnel=_funnel(stats),
        tokens=columns(span, {"tokens": [usage[d].tokens if d in usage else 0 for d in span]},
                       shown=_count, caps=_cap("daily cap", caps.day_tokens if caps else None)),
        dollars=columns(span, {"dollars": [usage[d].cost_usd if d in usage else 0.0
                                           for d in span]}, shown=_dollars,
                        caps=_cap("daily cap", caps.day_usd if caps else None)),
        durations=boxes(
            [(chain, [(s.step, s.quantiles_ms, s.executions) for s in spreads
                      if s.chain == chain]) for chain in
             sorted({s.chain for s in spreads}, key=_chain_key)],
            shown=lambda ms: format_duration(int(ms))),
        rejections=_rejections(span, await rejections_per_day(session, since=span[0],
                                                              repo=repo)),
        gates=_gates(stats),
        held_out=[_held_out(row) for row in sorted(examples, key=lambda r: -r.run_id)
                  if row.iterations][:HELD_OUT_RUNS],
    )


def _cap(name: str, value: float | None) -> tuple[tuple[str, float], ...]:
    return () if value is None else ((name, float(value)),)


def _chain_key(chain: str) -> tuple[int, str]:
    return (CHAIN_ORDER.index(chain) if chain in CHAIN_ORDER else len(CHAIN_ORDER), chain)


def _funnel(stats: StatsReport) -> HBarChart:
    f = stats.funnel
    stages = [("summoned", f.summoned), ("change request", f.change_request),
              ("merged", f.merged), ("merged without edits", f.merged_without_edits)]
    return hbars([(label, float(count), f"{count} ({count / f.summoned:.0%})"
                   if f.summoned else str(count)) for label, count in stages])


def _rejections(span: list[date], rows: list[DayCount]) -> ColumnChart:
    totals = Counter[str]()
    for row in rows:
        totals[row.key] += row.count
    shown = [key for key, _ in totals.most_common(REASONS_SHOWN)]
    series: dict[str, list[float]] = {key: [0.0] * len(span) for key in shown}
    index = {day: i for i, day in enumerate(span)}
    for row in rows:
        key = row.key if row.key in series else "other"
        series.setdefault(key, [0.0] * len(span))[index[row.day]] += row.count
    return columns(span, series, shown=_count)


def _gates(stats: StatsReport) -> HBarChart | None:
    if stats.testgen is None:
        return None
    return hbars([(stage.stage, float(stage.files),
                   f"{stage.files} files" + (f", {stage.tests} tests" if stage.tests else ""))
                  for stage in stats.testgen.stages], colour="#2e7d32")


def _held_out(row: ExamplesRow) -> LineChart:
    it = row.iterations
    thresholds = [(name, value) for name, value in
                  (("held-out recall", row.held_out_recall_threshold),
                   ("held-out precision", row.held_out_precision_threshold))
                  if value is not None]
    if len(thresholds) == 2 and thresholds[0][1] == thresholds[1][1]:
        thresholds = [("held-out thresholds", thresholds[0][1])]
    return lines(f"run {row.run_id}", len(it), [
        ("held-out recall", [i.held_out_recall for i in it], False),
        ("held-out precision", [i.held_out_precision for i in it], False),
        ("training recall", [i.train_recall for i in it], True),
        ("training precision", [i.train_precision for i in it], True),
    ], thresholds)


def _count(value: float) -> str:
    if value >= 1_000_000:
        return f"{value / 1_000_000:.1f}M"
    if value >= 1_000:
        return f"{value / 1_000:.1f}k"
    return f"{value:.0f}"


def _dollars(value: float) -> str:
    return f"${value:.2f}" if value < 100 else f"${value:,.0f}"

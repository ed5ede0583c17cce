"""Per-step statistics, the funnel and step-health flags, computed from plain rows.

No I/O here: `bot.store.stats` reads the rows, this module counts them, so every number the
stats loop shows can be checked in a test without a database.

Decisions the design leaves open:
- A rejection is an execution with status `rejected`; its reason is the code the engine stored
  in its verdict (bot/engine/graph.py `verdict_code`). A human gate (status `waiting`, e.g.
  ESTIMATE pausing for `/smith approve`) is not a rejection; it is counted by its own reason.
- The flags look at a step's own N most recent runs (by run creation), and only once the step
  has N runs: "never rejected anything" and "rejects most runs" need a sample to mean anything.
  A removal candidate neither rejected nor stopped for a human in any of them (only steps whose
  job is to say no: a gate that pauses runs is doing that job); a rework candidate rejected in
  more than half of them.
- The funnel counts summoned runs; rework runs continue an existing change request, so counting
  them would count the same change request twice. They are reported apart.
"""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Iterable, Sequence
from datetime import date

from bot.chains.fix.artifacts import StepName
from bot.engine.registry import rejecting_steps
from bot.stats.examples import examples_stats
from bot.stats.report import Funnel, StatsFilters, StatsReport, StepStats, median_count
from bot.stats.reproduction import compare_reproduction
from bot.stats.testgen import TESTGEN_CHAINS, testgen_funnel
from bot.store.stats import EXAMPLES_CHAIN, ExamplesRow, RunRow, StepRow, TestFileTry

DEFAULT_WINDOW = 20
"""How many of a step's most recent runs the health flags look at."""

REWORK_CHAIN = "rework"
"""Rework runs continue an existing change request; they are not summons of their own."""

UNSPECIFIED_REASON = "unspecified"
_CHAIN_ORDER = {name.value: index for index, name in enumerate(StepName)}


def compute_stats(
    runs: Iterable[RunRow],
    steps: Iterable[StepRow],
    *,
    window: int = DEFAULT_WINDOW,
    repo: str | None = None,
    since: date | None = None,
    test_file_tries: Iterable[TestFileTry] = (),
    examples_rows: Iterable[ExamplesRow] = (),
) -> StatsReport:
    """The whole report over the rows given (the caller has already applied the filters;
    `repo` and `since` are echoed so a reader knows what the numbers cover)."""
    if window < 1:
        raise ValueError("the stats window must be at least 1 run")
    run_list = sorted(runs, key=lambda run: (run.created_at, run.id), reverse=True)
    known = {run.id for run in run_list}
    step_list = [step for step in steps if step.run_id in known]
    by_step: dict[str, list[StepRow]] = defaultdict(list)
    for step in step_list:
        by_step[step.name].append(step)
    recency = {run.id: position for position, run in enumerate(run_list)}
    step_stats = [
        step_health(name, rows, recency, window)
        for name, rows in sorted(by_step.items(), key=lambda item: _step_order(item[0]))
    ]
    return StatsReport(
        filters=StatsFilters(repo=repo, since=since),
        window=window,
        funnel=compute_funnel(run_list),
        runs_by_status=dict(sorted(Counter(run.status for run in run_list).items())),
        runs_by_outcome=dict(sorted(Counter(run.outcome or "none" for run in run_list).items())),
        runs_by_subject=dict(sorted(Counter(run.subject_kind for run in run_list).items())),
        steps=step_stats,
        reproduction=compare_reproduction(run_list, step_list),
        testgen=testgen_funnel(run_list, test_file_tries)
        if any(run.chain in TESTGEN_CHAINS for run in run_list) else None,
        examples=examples_stats(run_list, examples_rows)
        if any(run.chain == EXAMPLES_CHAIN for run in run_list) else None,
    )


def compute_funnel(runs: Sequence[RunRow]) -> Funnel:
    """Summon → change request → merged → merged without human edits, over summoned runs."""
    summoned = [run for run in runs if run.chain != REWORK_CHAIN]
    return Funnel(
        summoned=len(summoned),
        change_request=sum(1 for run in summoned if run.has_change_request),
        merged=sum(1 for run in summoned if run.merged),
        merged_without_edits=sum(1 for run in summoned if run.merged and run.merged_without_edits),
        rework_runs=len(runs) - len(summoned),
    )


def step_health(
    name: str, rows: Sequence[StepRow], recency: dict[int, int], window: int
) -> StepStats:
    """Counts for one step plus its flags over its `window` most recent runs."""
    statuses = Counter(row.status for row in rows)
    reasons = _by_reason(rows, "rejected")
    run_ids = {row.run_id for row in rows}
    rejected_runs = {row.run_id for row in rows if row.status == "rejected"}
    # A step whose "no" is a human gate said no in the runs it paused.
    held_runs = rejected_runs | {row.run_id for row in rows if row.status == "waiting"}
    recent = sorted(run_ids, key=lambda run_id: recency[run_id])[:window]
    recent_rejected = sum(1 for run_id in recent if run_id in rejected_runs)
    recent_held = sum(1 for run_id in recent if run_id in held_runs)
    full_window = len(recent) >= window
    can_reject = name in rejecting_steps()  # read now: chains register their rows on import
    finished = [row for row in rows if row.status != "running"]
    durations = [row.duration_ms for row in finished if row.duration_ms is not None]
    return StepStats(
        step=name,
        runs=len(run_ids),
        executions=len(rows),
        passes=statuses["passed"],
        rejections=statuses["rejected"],
        rejections_by_reason=reasons,
        gates=statuses["waiting"],
        gates_by_reason=_by_reason(rows, "waiting"),
        skips=statuses["skipped"],
        failures=statuses["failed"],
        running=statuses["running"],
        rejected_runs=len(rejected_runs),
        median_duration_ms=_median(durations),
        median_tokens=_median([row.tokens for row in finished]),
        can_reject=can_reject,
        window_runs=len(recent),
        window_rejected_runs=recent_rejected,
        removal_candidate=can_reject and full_window and recent_held == 0,
        rework_candidate=full_window and recent_rejected * 2 > len(recent),
    )


def _by_reason(rows: Sequence[StepRow], status: str) -> dict[str, int]:
    """Executions with `status` counted by the reason code stored as their verdict."""
    reasons = Counter(row.verdict or UNSPECIFIED_REASON for row in rows if row.status == status)
    return dict(sorted(reasons.items()))


def _median(values: Sequence[int]) -> int | None:
    return median_count(values)


def _step_order(name: str) -> tuple[int, str]:
    return (_CHAIN_ORDER.get(name, len(_CHAIN_ORDER)), name)

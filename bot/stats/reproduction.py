"""Runs with and without a red reproduction test, per repository: does BRT pay for itself?

The seed's question (a fix with a test that was seen red first should succeed more often) is
answered from Smith's own runs, so a repository can switch BRT off in `.smith.yml` and see what
it costs. Decisions:
- Compared are summoned fix runs that reached IMPLEMENT and are over. A run that stopped
  earlier (needs-info, the judge, a gate still waiting) says nothing about the test's worth,
  and a run that ran out of BRT tries never tried a fix.
- "With" means our code saw the test red on an assertion (a BRT execution passed); "without"
  is every other run that tried a fix (BRT disabled, or skipped by the model with a reason).
- Success is a change request opened; the rework rate is the share of those change requests a
  reviewer sent back with `/smith rework` (a rework run continuing that run).
"""

from __future__ import annotations

import statistics
from collections import defaultdict
from collections.abc import Iterable, Sequence

from bot.chains.fix.artifacts import StepName
from bot.stats.report import ReproductionComparison, ReproductionGroup, median_count
from bot.store.stats import RunRow, StepRow

FIX_CHAIN = "fix"
REWORK_CHAIN = "rework"
OVER = frozenset({"succeeded", "failed", "cancelled"})


def compare_reproduction(
    runs: Sequence[RunRow], steps: Iterable[StepRow]
) -> list[ReproductionComparison]:
    """One comparison per repository that has compared runs, repositories in name order."""
    tried_fix: set[int] = set()
    red_test: set[int] = set()
    for step in steps:
        if step.item is not None:
            continue
        if step.name == StepName.IMPLEMENT:
            tried_fix.add(step.run_id)
        elif step.name == StepName.BRT and step.status == "passed":
            red_test.add(step.run_id)
    reworked = {run.origin_run for run in runs
                if run.chain == REWORK_CHAIN and run.origin_run is not None}
    by_repo: dict[str, tuple[list[RunRow], list[RunRow]]] = defaultdict(lambda: ([], []))
    for run in runs:
        if run.chain != FIX_CHAIN or run.status not in OVER or run.id not in tried_fix:
            continue
        with_test, without_test = by_repo[run.repo]
        (with_test if run.id in red_test else without_test).append(run)
    return [
        ReproductionComparison(repo=repo, with_test=_group(with_test, reworked),
                               without_test=_group(without_test, reworked))
        for repo, (with_test, without_test) in sorted(by_repo.items())
    ]


def _group(runs: Sequence[RunRow], reworked: set[int]) -> ReproductionGroup:
    opened = [run for run in runs if run.has_change_request]
    sent_back = sum(1 for run in opened if run.id in reworked)
    return ReproductionGroup(
        runs=len(runs),
        change_requests=len(opened),
        success_rate=_share(len(opened), len(runs)),
        reworked=sent_back,
        rework_rate=_share(sent_back, len(opened)),
        merged=sum(1 for run in opened if run.merged),
        median_tokens=median_count([run.tokens for run in runs]),
        median_cost_usd=_median([run.cost_usd for run in runs]),
        cost_usd=round(sum(run.cost_usd for run in runs), 4),
    )


def _share(part: int, whole: int) -> float | None:
    return round(part / whole, 4) if whole else None


def _median(values: Sequence[float]) -> float | None:
    return round(float(statistics.median(values)), 4) if values else None

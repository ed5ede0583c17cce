"""Fix runs with and without a red reproduction test, per repository (plain rows)."""

from __future__ import annotations

from datetime import UTC, datetime

from bot.stats.compute import compute_stats
from bot.store.stats import RunRow, StepRow

WHEN = datetime(2026, 3, 1, tzinfo=UTC)


def run(id: int, repo: str = "acme/app", *, chain: str = "fix", status: str = "succeeded",
        change_request: bool = True, merged: bool | None = None, tokens: int = 1000,
        cost: float = 1.0, origin: int | None = None) -> RunRow:
    return RunRow(id=id, repo=repo, chain=chain, status=status,
                  outcome="change_request" if change_request else "budget_exhausted",
                  has_change_request=change_request, merged=merged, merged_without_edits=None,
                  created_at=WHEN, tokens=tokens, cost_usd=cost, origin_run=origin)


def steps(run_id: int, brt: str | None) -> list[StepRow]:
    """A run that tried a fix; `brt` is the BRT row's status (None: no BRT row)."""
    rows = [StepRow(run_id, "brt", 1, brt, brt, 10, 10)] if brt else []
    return rows + [StepRow(run_id, "implement", 1, "passed", "passed", 10, 10)]


def comparison(runs: list[RunRow], rows: list[StepRow], repo: str = "acme/app"):
    report = compute_stats(runs, rows)
    return next(c for c in report.reproduction if c.repo == repo)


def test_runs_split_by_whether_our_code_saw_the_test_red():
    runs = [run(1, tokens=1000, cost=1.0), run(2, tokens=3000, cost=3.0, merged=True),
            run(3, change_request=False, status="failed", tokens=5000, cost=5.0),
            run(4, tokens=800, cost=0.5), run(5, change_request=False, status="failed"),
            run(6, chain="rework", origin=1), run(7, chain="rework", origin=4),
            run(8, chain="rework", origin=1)]
    rows = (steps(1, "passed") + steps(2, "passed") + steps(3, "passed")
            + steps(4, "skipped") + steps(5, "skipped"))
    result = comparison(runs, rows)

    with_test, without = result.with_test, result.without_test
    assert (with_test.runs, with_test.change_requests, with_test.success_rate) == (3, 2, 0.6667)
    assert (with_test.reworked, with_test.rework_rate, with_test.merged) == (1, 0.5, 1)
    assert (with_test.median_tokens, with_test.median_cost_usd, with_test.cost_usd) == (
        3000.0, 3.0, 9.0)
    assert (without.runs, without.change_requests, without.success_rate) == (2, 1, 0.5)
    assert (without.reworked, without.rework_rate) == (1, 1.0)


def test_runs_that_never_tried_a_fix_or_are_not_over_are_left_out():
    runs = [run(1), run(2, status="paused", change_request=False),
            run(3, status="failed", change_request=False), run(4, status="running"),
            run(5, chain="tests")]
    rows = steps(1, "passed") + [StepRow(3, "brt", 1, "rejected", "green", 1, 1),
                                 StepRow(3, "brt", 2, "rejected", "green", 1, 1)] \
        + steps(4, "passed") + steps(5, None)
    result = comparison(runs, rows)
    assert (result.with_test.runs, result.without_test.runs) == (1, 0)
    assert result.without_test.success_rate is None  # no runs: no rate, not 0 %


def test_each_repository_is_compared_on_its_own():
    runs = [run(1, "acme/app"), run(2, "acme/other", change_request=False, status="failed")]
    rows = steps(1, "passed") + steps(2, "passed")
    report = compute_stats(runs, rows)
    assert [(c.repo, c.with_test.runs, c.with_test.change_requests)
            for c in report.reproduction] == [("acme/app", 1, 1), ("acme/other", 1, 0)]


def test_a_brt_row_of_a_loop_item_is_not_a_red_test():
    rows = [StepRow(1, "brt", 1, "passed", "passed", 1, 1, item="x.py"),
            StepRow(1, "implement", 1, "passed", "passed", 1, 1)]
    result = comparison([run(1)], rows)
    assert (result.with_test.runs, result.without_test.runs) == (0, 1)

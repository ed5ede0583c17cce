"""A human gate is not a rejection, and a gate that pauses runs is no removal candidate."""

from __future__ import annotations

from datetime import UTC, datetime

from bot.stats.compute import compute_stats
from bot.store.stats import RunRow, StepRow


def runs(n: int) -> list[RunRow]:
    return [RunRow(i, "a/b", "fix", "succeeded", None, False, None, None,
                   datetime(2026, 1, i, tzinfo=UTC)) for i in range(1, n + 1)]


def estimate(report):
    return next(s for s in report.steps if s.step == "estimate")


def test_an_estimate_that_paused_a_run_in_the_window_is_not_a_removal_candidate():
    rows = [StepRow(1, "estimate", 1, "waiting", "awaiting_approval", 5, 5),
            StepRow(2, "estimate", 1, "passed", "passed", 5, 5),
            StepRow(3, "estimate", 1, "waiting", "needs_info", 5, 5)]
    stats = estimate(compute_stats(runs(3), rows, window=3))
    assert (stats.rejections, stats.rejections_by_reason) == (0, {})
    assert (stats.gates, stats.gates_by_reason) == (
        2, {"needs_info": 1, "awaiting_approval": 1})
    assert stats.removal_candidate is False
    assert stats.rework_candidate is False  # pausing two runs of three is not rejecting them


def test_an_estimate_that_never_stopped_anything_is_a_removal_candidate():
    rows = [StepRow(i, "estimate", 1, "passed", "passed", 5, 5) for i in (1, 2, 3)]
    assert estimate(compute_stats(runs(3), rows, window=3)).removal_candidate is True


def test_a_pause_outside_the_window_does_not_save_the_step():
    rows = [StepRow(1, "estimate", 1, "waiting", "awaiting_approval", 5, 5)] + [
        StepRow(i, "estimate", 1, "passed", "passed", 5, 5) for i in (2, 3, 4)]
    assert estimate(compute_stats(runs(4), rows, window=3)).removal_candidate is True

"""The held-out chain's runs in the stats: iterations to threshold, gaps, accepted as left."""

from __future__ import annotations

from datetime import UTC, datetime

from bot.stats.compute import compute_stats
from bot.store.stats import ExamplesIteration, ExamplesRow, RunRow


def run(id: int, *, status: str = "succeeded", merged: bool | None = None,
        without_edits: bool | None = None, day: int = 1) -> RunRow:
    return RunRow(id=id, repo="acme/app", chain="examples", status=status,
                  outcome="change_request" if status == "succeeded" else "below_threshold",
                  has_change_request=status == "succeeded", merged=merged,
                  merged_without_edits=without_edits,
                  created_at=datetime(2026, 3, day, tzinfo=UTC))


def it(train: tuple[float, float] | None, held: tuple[float, float] | None):
    return ExamplesIteration(*(train or (None, None)), *(held or (None, None)))


def test_iterations_to_threshold_gap_and_acceptance_per_run():
    rows = [
        ExamplesRow(1, iterations=(it((0.7, 0.9), None), it((1.0, 1.0), (0.75, 0.9)),
                                   it((1.0, 0.98), (0.85, 0.9)), it((1.0, 1.0), None)),
                    held_out_size=40, held_out_recall_threshold=0.8,
                    held_out_precision_threshold=0.8),
        ExamplesRow(2, iterations=(it((0.9, 0.9), (0.5, 0.6)),), held_out_size=20,
                    held_out_recall_threshold=0.8, held_out_precision_threshold=0.8),
    ]
    runs = [run(1, merged=True, without_edits=True, day=2),
            run(2, status="failed", day=1), run(3, merged=True, without_edits=False, day=3)]
    report = compute_stats(runs, [], examples_rows=rows)
    examples = report.examples
    assert examples is not None
    assert [r.run for r in examples.per_run] == [3, 1, 2]  # newest first
    by_run = {r.run: r for r in examples.per_run}

    first = by_run[1]
    assert (first.iterations, first.iterations_to_threshold) == (4, 3)
    # the last iteration measured on both parts: training 100 % / 98 %, held-out 85 % / 90 %
    assert (first.train_recall, first.held_out_recall, first.recall_gap) == (1.0, 0.85, 0.15)
    assert first.precision_gap == 0.08
    assert (first.held_out_size, first.merged, first.accepted_without_edits) == (40, True, True)

    failed = by_run[2]
    assert failed.iterations_to_threshold is None
    assert (failed.recall_gap, failed.precision_gap) == (0.4, 0.3)
    assert failed.accepted_without_edits is None  # no merge seen: unknown, not "no"

    edited = by_run[3]  # a run without stored figures still shows its outcome
    assert (edited.iterations, edited.recall_gap, edited.accepted_without_edits) == (
        0, None, False)

    assert (examples.runs, examples.accepted, examples.merged,
            examples.accepted_without_edits, examples.mean_iterations_to_threshold) == (
        3, 2, 2, 1, 3.0)


def test_an_iteration_counts_only_when_both_held_out_figures_meet_their_thresholds():
    row = ExamplesRow(1, iterations=(it((1, 1), (0.95, 0.7)), it((1, 1), (0.8, 0.8))),
                      held_out_recall_threshold=0.8, held_out_precision_threshold=0.8)
    [stats] = compute_stats([run(1)], [], examples_rows=[row]).examples.per_run
    assert stats.iterations_to_threshold == 2

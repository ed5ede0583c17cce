"""The held-out chain per run: iterations to threshold, the training/held-out gap, and whether
the change request was accepted as Smith left it. Metrics only: no example is ever read here.

Decisions:
- Iterations to threshold: the number of the first generator attempt whose held-out recall and
  precision met the run's held-out thresholds (None while none did).
- The gap is training minus held-out, for recall and for precision, at the last iteration
  measured on both parts: a generator that learnt the training part by heart shows a wide gap.
- "Accepted without edits" comes from the merge webhook, as for every chain
  (handlers/outcomes.py): merged with the branch head equal to the last commit Smith pushed,
  so no commit came after Smith's last one. No forge is asked at stats time; a merge whose
  webhook never arrived stays unknown (None), never guessed.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from bot.stats.report import ExamplesRunStats, ExamplesStats
from bot.store.stats import EXAMPLES_CHAIN, ExamplesIteration, ExamplesRow, RunRow


def examples_stats(runs: Sequence[RunRow], rows: Iterable[ExamplesRow]) -> ExamplesStats:
    """One entry per run of the examples chain among `runs`, newest first."""
    figures = {row.run_id: row for row in rows}
    chosen = sorted((run for run in runs if run.chain == EXAMPLES_CHAIN),
                    key=lambda run: (run.created_at, run.id), reverse=True)
    per_run = [_run_stats(run, figures.get(run.id, ExamplesRow(run_id=run.id)))
               for run in chosen]
    reached = [r.iterations_to_threshold for r in per_run if r.iterations_to_threshold]
    return ExamplesStats(
        runs=len(per_run),
        accepted=sum(1 for r in per_run if r.status == "succeeded"),
        merged=sum(1 for r in per_run if r.merged),
        accepted_without_edits=sum(1 for r in per_run if r.accepted_without_edits),
        mean_iterations_to_threshold=round(sum(reached) / len(reached), 2) if reached else None,
        per_run=per_run,
    )


def _run_stats(run: RunRow, row: ExamplesRow) -> ExamplesRunStats:
    both = next((it for it in reversed(row.iterations) if _measured_on_both(it)), None)
    return ExamplesRunStats(
        run=run.id, repo=run.repo, status=run.status, outcome=run.outcome,
        iterations=len(row.iterations),
        iterations_to_threshold=iterations_to_threshold(row),
        train_recall=both.train_recall if both else None,
        train_precision=both.train_precision if both else None,
        held_out_recall=both.held_out_recall if both else None,
        held_out_precision=both.held_out_precision if both else None,
        recall_gap=_gap(both.train_recall, both.held_out_recall) if both else None,
        precision_gap=_gap(both.train_precision, both.held_out_precision) if both else None,
        held_out_size=row.held_out_size,
        merged=run.merged,
        accepted_without_edits=None if run.merged is None else bool(
            run.merged and run.merged_without_edits),
    )


def iterations_to_threshold(row: ExamplesRow) -> int | None:
    recall, precision = row.held_out_recall_threshold, row.held_out_precision_threshold
    if recall is None or precision is None:
        return None
    for number, iteration in enumerate(row.iterations, start=1):
        if (iteration.held_out_recall is not None and iteration.held_out_precision is not None
                and iteration.held_out_recall >= recall
                and iteration.held_out_precision >= precision):
            return number
    return None


def _measured_on_both(iteration: ExamplesIteration) -> bool:
    return None not in (iteration.train_recall, iteration.train_precision,
                        iteration.held_out_recall, iteration.held_out_precision)


def _gap(train: float | None, held_out: float | None) -> float | None:
    return None if train is None or held_out is None else round(train - held_out, 4)

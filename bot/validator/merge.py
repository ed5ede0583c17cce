"""Merging the static verdict with the model's: the model can add doubts, never lift a static veto.

Static detectors are facts about the diff; the model judges only what rules cannot (criterion
coverage, over-engineering). So: any static veto, any model veto, over-engineering or an
uncovered primary criterion → veto. Soft signals always travel on to the MR.
"""

from __future__ import annotations

from collections.abc import Collection

from bot.validator.models import FinalVerdict, ModelVerdict, StaticVerdict


def merge_verdicts(
    static: StaticVerdict,
    model: ModelVerdict | None,
    *,
    primary_criteria: Collection[str] | None = None,
) -> FinalVerdict:
    """Final decision. `primary_criteria` are the ids that must be covered (default: all judged)."""
    model = model or ModelVerdict()
    judged = {c.id: c for c in model.criteria}
    required = list(primary_criteria) if primary_criteria is not None else list(judged)
    uncovered = [cid for cid in required if cid not in judged or not judged[cid].covered]

    reasons = [f"{f.kind} at {f.location()}: {f.detail}" for f in static.vetoes]
    reasons += [f"{v.kind}: {v.detail}" for v in model.vetoes]
    if model.over_engineering:
        reasons.append(f"over_engineering: {model.over_engineering}")
    reasons += [
        f"criterion {cid} not covered"
        + (f": {judged[cid].evidence}" if cid in judged and judged[cid].evidence else "")
        for cid in uncovered
    ]
    return FinalVerdict(
        decision="veto" if reasons else "pass",
        static_vetoes=list(static.vetoes),
        model_vetoes=list(model.vetoes),
        uncovered_primary=uncovered,
        soft_signals=list(static.soft_signals),
        reasons=reasons,
    )

"""Recall and precision computed by code from the evaluator's answers, never by a model.

recall = recognised positives / positives; precision = recognised positives / everything
recognised (false alarms on negatives included). Each comes with the Wilson lower bound
(95 %), because 16 of 20 held-out positives is weaker evidence than 800 of 1000.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from pydantic import BaseModel

from bot.chains.examples.split import Example
from bot.repo_config import ExamplesThresholds

Z_95 = 1.959964


def wilson_lower(successes: int, total: int, z: float = Z_95) -> float:
    """Lower bound of the Wilson score interval for successes/total (0 when total is 0)."""
    if total <= 0:
        return 0.0
    p = successes / total
    denominator = 1 + z * z / total
    centre = p + z * z / (2 * total)
    margin = z * math.sqrt(p * (1 - p) / total + z * z / (4 * total * total))
    return max(0.0, (centre - margin) / denominator)


class Metrics(BaseModel):
    """A confusion matrix and what follows from it (counts only, never examples)."""

    tp: int
    fn: int
    fp: int
    tn: int

    @property
    def positives(self) -> int:
        return self.tp + self.fn

    @property
    def negatives(self) -> int:
        return self.fp + self.tn

    @property
    def recall(self) -> float:
        return self.tp / self.positives if self.positives else 1.0

    @property
    def precision(self) -> float:
        recognised = self.tp + self.fp
        if recognised:
            return self.tp / recognised
        return 1.0 if self.positives == 0 else 0.0

    @property
    def recall_lower(self) -> float:
        return wilson_lower(self.tp, self.positives)

    @property
    def precision_lower(self) -> float:
        return wilson_lower(self.tp, self.tp + self.fp)

    def summary(self) -> dict[str, float | int]:
        return {"recall": round(self.recall, 4), "precision": round(self.precision, 4),
                "recall_lower": round(self.recall_lower, 4),
                "precision_lower": round(self.precision_lower, 4),
                "positives": self.positives, "negatives": self.negatives}


def score(examples: Sequence[Example], answers: Sequence[bool]) -> Metrics:
    if len(examples) != len(answers):
        raise ValueError(f"{len(answers)} answers for {len(examples)} examples")
    tp = sum(1 for e, a in zip(examples, answers) if e.positive and a)
    fn = sum(1 for e, a in zip(examples, answers) if e.positive and not a)
    fp = sum(1 for e, a in zip(examples, answers) if not e.positive and a)
    return Metrics(tp=tp, fn=fn, fp=fp, tn=len(examples) - tp - fn - fp)


def errors(examples: Sequence[Example], answers: Sequence[bool]) -> tuple[list[str], list[str]]:
    """(missed positives, false alarms on negatives)."""
    missed = [e.text for e, a in zip(examples, answers) if e.positive and not a]
    alarms = [e.text for e, a in zip(examples, answers) if not e.positive and a]
    return missed, alarms


def meets(metrics: Metrics, thresholds: ExamplesThresholds, *, part: str) -> bool:
    """Whether `metrics` reach the thresholds of `part` ("train" or "held_out")."""
    recall: float = getattr(thresholds, f"{part}_recall")
    precision: float = getattr(thresholds, f"{part}_precision")
    return metrics.recall >= recall and metrics.precision >= precision

"""Recall, precision and their Wilson lower bounds, computed by code."""

from __future__ import annotations

import pytest

from bot.chains.examples.metrics import errors, meets, score, wilson_lower
from bot.chains.examples.split import Example
from bot.repo_config import ExamplesThresholds

EXAMPLES = [Example("a", True), Example("b", True), Example("c", True), Example("d", True),
            Example("x", False), Example("y", False)]


def test_recall_and_precision_count_misses_and_false_alarms():
    metrics = score(EXAMPLES, [True, True, True, False, True, False])
    assert (metrics.tp, metrics.fn, metrics.fp, metrics.tn) == (3, 1, 1, 1)
    assert metrics.recall == 0.75 and metrics.precision == 0.75
    assert errors(EXAMPLES, [True, True, True, False, True, False]) == (["d"], ["x"])


def test_recognising_nothing_has_zero_precision_when_there_were_positives():
    metrics = score(EXAMPLES, [False] * 6)
    assert metrics.recall == 0.0 and metrics.precision == 0.0


def test_answers_must_match_the_examples_one_to_one():
    with pytest.raises(ValueError):
        score(EXAMPLES, [True])


@pytest.mark.parametrize(("k", "n", "expected"), [
    (0, 0, 0.0), (10, 10, 0.7225), (16, 20, 0.5840), (800, 1000, 0.7741), (0, 10, 0.0)])
def test_wilson_lower_bound(k, n, expected):
    assert wilson_lower(k, n) == pytest.approx(expected, abs=1e-4)


def test_more_evidence_tightens_the_bound_at_the_same_rate():
    assert wilson_lower(16, 20) < wilson_lower(800, 1000) < 0.8


def test_thresholds_apply_per_part():
    metrics = score(EXAMPLES, [True, True, True, True, True, False])  # recall 1, precision .8
    thresholds = ExamplesThresholds()
    assert meets(metrics, thresholds, part="held_out")
    assert not meets(metrics, thresholds, part="train")

"""The examples spec: `.smith.yml` completed by the issue, which can only tighten the bar."""

from __future__ import annotations

import pytest

from bot.chains.examples.spec import SpecError, acceptance_digest, issue_block, resolve
from bot.repo_config import ExamplesConfig, load_repo_config

YML = """examples:
  positives: [examples/pos.txt]
  negatives: [examples/neg.txt]
  artefact: assistant/alarm.py
  evaluator: assistant.alarm:matches
  thresholds: {held_out_recall: 0.85}
"""


def test_the_repository_section_is_enough_and_defaults_apply():
    spec = resolve(load_repo_config(YML).examples, "no block here")
    assert spec.entry_point == ("assistant.alarm", "matches")
    assert spec.thresholds.train_recall == 0.95 and spec.thresholds.held_out_recall == 0.85
    assert spec.limits.artefact_rounds == 5 and spec.limits.companion_rounds == 3


def test_the_issue_names_files_and_may_raise_thresholds_but_never_lower_them():
    body = """Please write it.

```smith
examples:
  artefact: assistant/other.py
  evaluator: ./evaluate.sh
  rules: [No regular expressions.]
  thresholds: {held_out_recall: 0.5, held_out_precision: 0.9}
  limits: {artefact_rounds: 9, companion_rounds: 1}
```
"""
    spec = resolve(load_repo_config(YML).examples, body)
    assert spec.artefact == "assistant/other.py" and spec.entry_point is None
    assert spec.thresholds.held_out_recall == 0.85  # not lowered
    assert spec.thresholds.held_out_precision == 0.9  # raised
    assert (spec.limits.artefact_rounds, spec.limits.companion_rounds) == (5, 1)
    assert spec.rules == ["No regular expressions."]


def test_a_missing_part_is_said_to_the_maintainer():
    with pytest.raises(SpecError, match="`positives`, `negatives`, `artefact`, `evaluator`"):
        resolve(ExamplesConfig(), "")
    with pytest.raises(SpecError, match="not valid YAML"):
        issue_block("```smith\nexamples: [\n```")


def test_example_files_must_stay_inside_the_repository():
    with pytest.raises(ValueError):
        load_repo_config("examples:\n  positives: [../outside.txt]\n")


def test_the_acceptance_hash_changes_with_any_threshold():
    spec = resolve(load_repo_config(YML).examples, "")
    stricter = spec.model_copy(update={"thresholds": spec.thresholds.model_copy(
        update={"train_precision": 0.96})})
    assert acceptance_digest(spec, seed=1, fraction=0.2) == \
        acceptance_digest(spec, seed=1, fraction=0.2)
    assert acceptance_digest(spec, seed=1, fraction=0.2) != \
        acceptance_digest(stricter, seed=1, fraction=0.2)
    assert acceptance_digest(spec, seed=1, fraction=0.2) != \
        acceptance_digest(spec, seed=2, fraction=0.2)

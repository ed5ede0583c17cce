"""Artifacts accept what a careful model would submit and reject junk with a clear error."""

from __future__ import annotations

import copy
from typing import Any

import jsonschema
import pytest
from pydantic import ValidationError

from bot.chains.fix.artifacts import (
    Acceptance,
    ConfirmedAssumption,
    Estimate,
    QualityReport,
    ReproTest,
    StepName,
)
from bot.engine.registry import agent_step, agent_steps
from bot.llm.runner import submit_tool_name
from tests.chain_text.examples import VALID


def example(step: str) -> dict[str, Any]:
    return copy.deepcopy(VALID[step])


@pytest.mark.parametrize("step", sorted(VALID))
def test_valid_example_passes(step: str) -> None:
    artifact = agent_step(step).artifact.model_validate(example(step))
    # round trip through JSON: what is checkpointed can be read back unchanged
    again = type(artifact).model_validate_json(artifact.model_dump_json())
    assert again == artifact


def _set(data: dict[str, Any], path: str, value: Any) -> dict[str, Any]:
    target: Any = data
    *parents, last = path.split(".")
    for key in parents:
        target = target[int(key)] if key.isdigit() else target[key]
    if isinstance(target, list):
        target[int(last)] = value
    else:
        target[last] = value
    return data


JUNK = [
    ("acceptance", "status", "done", "status"),
    ("acceptance", "criteria.0.id", "A1", "criteria.0.id"),
    ("acceptance", "criteria.0.kind", "secondary", "criteria.0.kind"),
    ("acceptance", "criteria.0.quote", "  ", "criteria.0.quote"),
    ("acceptance", "criteria.0.kind", "adjacent", 'at least one criterion of kind "primary"'),
    ("acceptance", "criteria.1.id", "AC1", "unique"),
    ("acceptance", "surprise", "extra", "surprise"),
    ("acceptance", "criteria.0.quote", "word " * 400, "criteria.0.quote"),
    ("diagnose", "locations", [], "locations"),
    ("diagnose", "locations.0.path", "/etc/passwd", "relative"),
    ("diagnose", "locations.0.path", "app/../../secrets.txt", "'..'"),
    ("diagnose", "locations.0.path", ".git/config", ".git"),
    ("diagnose", "locations.0.end_line", 10, "end_line must not be before start_line"),
    ("diagnose", "locations.0.start_line", 0, "start_line"),
    ("diagnose", "scope", "maybe", "scope"),
    ("diagnose", "confirmed_assumptions.0.evidence", "somewhere in the schema", "evidence"),
    ("diagnose", "rejected_hypotheses", [], "rejected_hypotheses"),
    ("diagnose", "root_cause", "a bug", "root_cause"),
    ("judge", "explains_symptom", "yes", "explains_symptom"),
    ("judge", "why", "because", "why"),
    ("estimate", "points", 4, "0.5, 1, 2, 3, 5"),
    ("estimate", "points", True, "points"),
    ("estimate", "points", "1", "points"),
    ("estimate", "points", 2, "why_not_lower"),
    ("estimate", "blast_radius", "huge", "blast_radius"),
    ("estimate", "signs", [], "signs"),
    ("brt", "test_id", None, "needs file and test_id"),
    ("brt", "skip_reason", "visual", "belong to status \"skipped\" only"),
    ("brt", "file", "/abs/test.py", "relative"),
    ("implement", "checklist.done", [], "checklist.done"),
    ("implement", "summary", "fixed", "summary"),
    ("self_review", "findings.0.axis", "style", "axis"),
    ("self_review", "findings.0.fixed", "yes", "fixed"),
    ("validate", "criteria", [], "criteria"),
    ("validate", "criteria.1.id", "AC1", "one verdict per criterion id"),
    ("validate", "criteria.0.evidence", "", "evidence must quote the diff"),
    ("rule_miner", "proposals.0.evidence_failure_ids", [3], "evidence_failure_ids"),
    ("rule_miner", "proposals.0.evidence_failure_ids", [3, 3], "two distinct failures"),
    ("rule_miner", "proposals.0.rule", "Do it. " * 60, "rule"),
    ("rule_miner", "proposals.0.step", "prepare", "step"),
]


@pytest.mark.parametrize(("step", "path", "value", "message"), JUNK)
def test_junk_is_rejected_with_a_pointed_error(
    step: str, path: str, value: Any, message: str
) -> None:
    data = _set(example(step), path, value)
    with pytest.raises(ValidationError) as info:
        agent_step(step).artifact.model_validate(data)
    assert message in str(info.value)


def test_blocked_acceptance_needs_something_to_ask() -> None:
    blocked = Acceptance.model_validate(
        {"status": "blocked", "missing_data": ["the German text of the error message"]}
    )
    assert blocked.primary() == []
    with pytest.raises(ValidationError, match="missing_data or questions"):
        Acceptance.model_validate({"status": "blocked"})


def test_skipped_repro_needs_reason_and_explanation() -> None:
    skipped = ReproTest.model_validate({
        "status": "skipped", "skip_reason": "visual",
        "explanation": "The defect is a misaligned icon; only a screenshot shows it.",
    })
    assert skipped.file is None
    with pytest.raises(ValidationError, match="needs skip_reason and explanation"):
        ReproTest.model_validate({"status": "skipped", "skip_reason": "nondeterministic"})
    with pytest.raises(ValidationError, match="skip_reason"):
        ReproTest.model_validate({"status": "skipped", "skip_reason": "lazy",
                                  "explanation": "x" * 40})


def test_estimate_accepts_every_point_value_and_justified_twos() -> None:
    for points in (0.5, 1, 3.0, 5):
        data = example("estimate") | {"points": points, "why_not_lower": "touches two layers"}
        assert Estimate.model_validate(data).points == points
    assert Estimate.model_validate(example("estimate")).points == 1.0


def test_strings_are_stripped_before_length_checks() -> None:
    data = example("judge") | {"latched_onto": "   x   "}
    with pytest.raises(ValidationError, match="latched_onto"):
        agent_step("judge").artifact.model_validate(data)


def test_confirmed_assumption_evidence_becomes_a_location() -> None:
    single = ConfirmedAssumption(assumption="field is optional", evidence="app/schema.py:17")
    ranged = ConfirmedAssumption(assumption="field is optional", evidence="app/schema.py:17-21")
    assert str(single.location()) == "app/schema.py:17"
    assert (ranged.location().start_line, ranged.location().end_line) == (17, 21)


def test_quality_report_defaults_describe_a_clean_pass() -> None:
    report = QualityReport(passed=True)
    assert not report.environment_failure and report.failed_tests == [] and report.summary == ""


# --- the schemas the model sees -------------------------------------------------------------


def _walk(node: Any):
    if isinstance(node, dict):
        yield node
        for value in node.values():
            yield from _walk(value)
    elif isinstance(node, list):
        for item in node:
            yield from _walk(item)


@pytest.mark.parametrize("step", [str(s.step) for s in agent_steps()])
def test_the_schema_the_model_sees_is_valid_and_describes_every_field(step: str) -> None:
    artifact = agent_step(step).artifact
    assert artifact is not None
    schema = artifact.model_json_schema()  # what the step runner hands the model
    jsonschema.Draft202012Validator.check_schema(schema)
    assert schema["type"] == "object" and schema["additionalProperties"] is False
    for node in _walk(schema):
        for name, prop in node.get("properties", {}).items():
            assert prop.get("description") or "$ref" in prop, (
                f"{step}: field {name!r} has no description")


@pytest.mark.parametrize("step", sorted(VALID))
def test_model_schema_and_pydantic_agree_on_examples(step: str) -> None:
    artifact = agent_step(step).artifact
    assert artifact is not None
    schema = artifact.model_json_schema()
    jsonschema.validate(example(step), schema)
    with pytest.raises(jsonschema.ValidationError):
        jsonschema.validate(example(step) | {"unexpected": 1}, schema)


def test_submit_tool_names_follow_the_artifact_names() -> None:
    assert submit_tool_name(ReproTest) == "submit_repro_test"
    assert submit_tool_name(agent_step(StepName.VALIDATE).artifact) == "submit_criteria_verdict"
    assert submit_tool_name(agent_step("rule_miner").artifact) == "submit_rules_proposal"
    with pytest.raises(KeyError, match="not an agent step"):
        agent_step("quality")
    with pytest.raises(KeyError, match="not an agent step"):
        agent_step("no-such-step")

"""The documents Smith posts: structure, markers, and hostile text kept inert."""

from __future__ import annotations

import copy
import re
from typing import Any

import pytest

from bot.chains.fix.artifacts import (
    Acceptance,
    CriteriaVerdict,
    Diagnosis,
    Estimate,
    Judgement,
    Plan,
    ReproTest,
)
from bot.chains.fix.change_request import (
    ChangeRequestContent,
    RedGreenEvidence,
    render_change_request_body,
    render_soft_signal,
)
from bot.chains.fix.comments import (
    VetoNote,
    render_acceptance_blocked,
    render_budget_exhausted,
    render_estimate_gate,
    render_judge_disagreed,
    render_plan,
    render_validator_veto,
)
from bot.engine.endings import render_cancelled, render_environment_failure, render_failure
from bot.engine.status_comment import StepState, StepStatus, overall_state, render_status
from bot.rules.proposal import RuleProposalItem
from bot.rules.render import FailureEvidence, render_rule_proposal
from bot.text.markers import parse_marker
from tests.chain_text.examples import VALID
from tests.chain_text.render_helpers import HOSTILE, assert_inert, table_rows, to_html


def _data(step: str) -> dict[str, Any]:
    return copy.deepcopy(VALID[step])


def _hostile_acceptance() -> Acceptance:
    data = _data("acceptance")
    data["criteria"][0]["behaviour"] = HOSTILE
    data["criteria"][1]["quote"] = HOSTILE
    return Acceptance.model_validate(data)


def _hostile_diagnosis() -> Diagnosis:
    return Diagnosis.model_validate(_data("diagnose") | {"root_cause": HOSTILE, "layer": HOSTILE})


# --- status --------------------------------------------------------------------------------


def test_status_comment_lists_every_step_with_its_state_and_marker() -> None:
    steps = [
        StepStatus(step="prepare", state=StepState.DONE, result="base main", elapsed_seconds=3),
        StepStatus(step="acceptance", state=StepState.DONE, result=HOSTILE, tokens=1234),
        StepStatus(step="diagnose", state=StepState.RUNNING, elapsed_seconds=12.5),
        StepStatus(step="estimate", state=StepState.WAITING, result="waiting for approval"),
        StepStatus(step="brt", state=StepState.SKIPPED, result="visual bug"),
        StepStatus(step="implement", state=StepState.PENDING),
    ]
    body = render_status(42, steps, elapsed_seconds=3700, change_request_url="https://f.example/1")
    assert parse_marker(body, "status") == {"run": "42"}
    html = to_html(body)
    assert_inert(html, allowed_links=("https://f.example/1",))
    items = re.findall(r"<li>(.*?)</li>", html, re.DOTALL)
    assert len(items) == len(steps)
    assert items[0].startswith("✅ <strong>Prepare the checkout</strong> — base main · 3s")
    assert "⏳" in items[2] and "running…" in items[2] and "12s" in items[2]
    assert "⏸️" in items[3] and "⏭️" in items[4] and "⬜" in items[5]
    assert "waiting for a human" in body  # one waiting step: the headline says so
    assert "1h 01m" in body and "1.2k tokens" in body


@pytest.mark.parametrize(
    ("states", "expected"),
    [
        ([StepState.DONE, StepState.FAILED, StepState.PENDING], StepState.FAILED),
        ([StepState.DONE, StepState.WAITING, StepState.PENDING], StepState.WAITING),
        ([StepState.DONE, StepState.PENDING], StepState.RUNNING),
        ([StepState.DONE, StepState.SKIPPED], StepState.DONE),
        ([StepState.PENDING], StepState.PENDING),
    ],
)
def test_overall_state(states: list[StepState], expected: StepState) -> None:
    assert overall_state([StepStatus(step="prepare", state=s) for s in states]) == expected


def test_a_forged_marker_in_user_text_never_becomes_a_marker() -> None:
    body = render_status(42, [StepStatus(step="judge", state=StepState.FAILED, result=HOSTILE)],
                         stopped_short="without a fix")
    assert parse_marker(body, "status") == {"run": "42"}
    assert "run=99" not in body
    assert "Smith stopped without a fix" in body


# --- change request ------------------------------------------------------------------------


def _content(**overrides: Any) -> ChangeRequestContent:
    verdict = CriteriaVerdict.model_validate(_data("validate"))
    fields: dict[str, Any] = {
        "run_id": 42, "issue_number": 7, "issue_url": "https://f.example/o/r/issues/7",
        "summary": "validate_phone returns None for an empty phone instead of raising.",
        "acceptance": Acceptance.model_validate(_data("acceptance")), "verdict": verdict,
        "diagnosis": Diagnosis.model_validate(_data("diagnose")),
        "repro": ReproTest.model_validate(_data("brt")),
        "red_green": RedGreenEvidence(test_id="tests/test_profile.py::test_empty_phone",
                                      red_message="AssertionError: 401 != 200 | boom",
                                      green_after=True),
        "estimate": Estimate.model_validate(_data("estimate")),
        "tokens": 45678, "cost_usd": 0.4321, "soft_signals": 2,
    }
    return ChangeRequestContent(**(fields | overrides))


def test_change_request_body_carries_the_evidence() -> None:
    body = render_change_request_body(_content())
    assert parse_marker(body, "change-request") == {"run": "42"}
    assert body.splitlines()[1].startswith("Closes #7")
    html = to_html(body)
    assert_inert(html, allowed_links=("https://f.example/o/r/issues/7",))
    for heading in ("Summary", "Acceptance criteria", "Diagnosis", "Red → green", "Estimate"):
        assert f"<h3>{heading}</h3>" in html
    criteria, red_green = table_rows(html)[:2], table_rows(html)[2]
    assert [row[0] for row in criteria] == ["AC1 (primary)", "AC2 (adjacent)"]
    assert all(len(row) == 5 for row in criteria)
    test_code = "<code>tests/test_profile.py::test_empty_phone</code>"
    assert criteria[0][3] == f"✅ the change, test {test_code}"
    assert criteria[1][3] == "✅ the change"  # adjacent: no claim about the red test
    assert red_green[1] == "🔴 <code>AssertionError: 401 != 200 | boom</code>"
    assert red_green[2] == "🟢 passes"
    assert "<code>app/profile/validators.py:40-48</code>" in html
    assert "1 point" in html and "blast radius <strong>low</strong>" in html
    assert "45.7k tokens" in body and "$0.43" in body and "2 note(s) for reviewers" in body


def test_change_request_body_survives_hostile_criteria_and_diagnosis() -> None:
    body = render_change_request_body(
        _content(acceptance=_hostile_acceptance(), diagnosis=_hostile_diagnosis())
    )
    html = to_html(body)
    assert_inert(html, allowed_links=("https://f.example/o/r/issues/7",))
    rows = table_rows(html)
    assert [len(row) for row in rows[:2]] == [5, 5]
    assert body.count("Closes #") == 1  # "fixes #12" in the text does not add a closing reference
    assert "<!--" not in body.split("\n", 1)[1]  # no hidden comment smuggled past the marker


def test_change_request_without_test_explains_the_skip() -> None:
    skipped = ReproTest(status="skipped", skip_reason="visual",
                        explanation="The icon overlaps the label; only a screenshot shows it.")
    body = render_change_request_body(
        _content(repro=skipped, red_green=None, verdict=None, estimate=None, closes_issue=False)
    )
    assert "No reproduction test (**visual**): The icon overlaps" in body
    assert body.splitlines()[1].startswith("Refs #7")
    assert "— no verdict" in body and "### Estimate" not in body


def test_change_request_lists_what_is_not_done_as_inert_text() -> None:
    body = render_change_request_body(_content(
        left=["AC2: the German message " + HOSTILE], could_not=["update the admin form"],
        open_findings=["sanity: app/profile/validators.py:44 empty is not missing"]))
    html = to_html(body)
    assert_inert(html, allowed_links=("https://f.example/o/r/issues/7",))
    assert "<h3>Not done</h3>" in html
    for title in ("Left to do", "Could not do", "Self-review findings still open"):
        assert f"<strong>{title}:</strong>" in html
    assert "update the admin form" in html and "empty is not missing" in html
    assert "### Not done" not in render_change_request_body(_content())


def test_change_request_says_when_the_red_test_step_is_off_and_why_an_estimate_was_raised() -> None:
    raised = Estimate.model_validate(_data("estimate")).model_copy(update={
        "points": 2, "raised_from": 1, "why_not_lower": "two files",
        "floor_reasons": ["the diagnosis names 2 files"]})
    body = render_change_request_body(_content(repro=None, red_green=None, brt_off=True,
                                               estimate=raised))
    assert "the step is turned off for this repository (`steps.brt` in `.smith.yml`)" in body
    assert "**Raised by Smith** from 1 point to 2 points" in body
    assert "- the diagnosis names 2 files" in body


def test_soft_signal_comment() -> None:
    body = render_soft_signal(
        42, kind="visibility widened", path="app/a.py", line=12,
        explanation=HOSTILE, reviewer_check="Is `_helper` meant to be public?",
    )
    assert parse_marker(body, "signal") == {"run": "42", "kind": "visibility-widened"}
    html = to_html(body)
    assert_inert(html)
    assert "<code>app/a.py:12</code>" in html and "Please check:" in html
    assert "did not block the change" in html


# --- issue comments ------------------------------------------------------------------------


def test_acceptance_blocked_asks_the_questions() -> None:
    blocked = Acceptance(status="blocked", missing_data=["the German error text"],
                         questions=["What should the message say?", HOSTILE])
    body = render_acceptance_blocked(5, blocked)
    assert parse_marker(body, "failure") == {"run": "5", "kind": "acceptance_blocked"}
    html = to_html(body)
    assert_inert(html)
    assert html.count("<li>") == 3 and "<code>/smith retry</code>" in html


def test_acceptance_blocked_while_the_run_waits_is_a_question_not_an_ending() -> None:
    blocked = Acceptance(status="blocked", questions=["What should the message say?"])
    body = render_acceptance_blocked(5, blocked, waits=True)
    assert parse_marker(body, "failure") is None  # the run has not ended
    assert parse_marker(body, "question") == {"run": "5", "kind": "acceptance_blocked"}
    assert "Smith reads the report again with your answer" in body


def test_judge_disagreement_shows_both_verdicts() -> None:
    judgement = Judgement(explains_symptom=False, why="The cited code never runs for " + HOSTILE,
                          latched_onto="the example name O'Brien")
    body = render_judge_disagreed(5, _hostile_diagnosis(), judgement, rounds=2)
    assert parse_marker(body, "failure")["kind"] == "judge_disagreed"
    assert "What Smith considered the cause" in body and "Why the judge disagreed" in body
    assert "The cited code never runs" in body and "O'Brien" in body and "after 2 round(s)" in body
    assert_inert(to_html(body))


def test_budget_veto_environment_cancel_and_generic_failures() -> None:
    budget = render_budget_exhausted(5, attempts=3, last_failure="test_x failed\n" + HOSTILE)
    veto = render_validator_veto(
        5, vetoes=[VetoNote(kind="catch_all", path="app/a.py", line=3, explanation=HOSTILE)],
        uncovered=[CriteriaVerdict.model_validate(_data("validate")).criteria[0]],
    )
    env = render_environment_failure(5, step="quality", detail="pytest: command not found")
    cancel = render_cancelled(5, by="maint_ainer")
    other = render_failure(5, step="publish", reason=HOSTILE, command="/bot")
    kinds = [parse_marker(b, "failure")["kind"] for b in (budget, veto, env, cancel, other)]
    assert kinds == ["budget_exhausted", "validator_veto", "environment", "cancelled", "error"]
    for body in (budget, veto, env, cancel, other):
        assert_inert(to_html(body))
    assert "all 3 fix attempts" in budget and "<blockquote>" in to_html(budget)
    assert "**catch all** at `app/a.py:3`" in veto and "AC1" in veto
    assert "**Tests and checks**" in env and "`pytest: command not found`" in env
    assert "maint\\_ainer" in cancel
    assert "`/bot retry`" in other and "`/bot help`" in other


def test_estimate_gate_says_why_and_how_to_approve() -> None:
    estimate = Estimate(points=2, signs=["two layers: API and UI"], why_not_lower=HOSTILE,
                        blast_radius="high", blast_evidence=["validate_phone: 31 callers"])
    body = render_estimate_gate(8, estimate, gate_points=2)
    assert parse_marker(body, "gate") == {"run": "8"}
    assert "reaches the gate of 2 points and the blast radius is high" in body
    assert "`/smith approve`" in body and "`/smith cancel`" in body
    assert_inert(to_html(body))


def test_plan_comment_numbers_the_steps() -> None:
    plan = Plan.model_validate(_data("plan") | {"steps": ["First", HOSTILE, "Third"]})
    estimate = Estimate(points=5, signs=["schema migration"], why_not_lower="migration",
                        blast_radius="medium", blast_evidence=["3 services read the column"])
    body = render_plan(8, plan, estimate, max_points=3)
    assert parse_marker(body, "plan") == {"run": "8"}
    html = to_html(body)
    assert_inert(html)
    assert re.findall(r"<ol>(.*?)</ol>", html, re.DOTALL)[0].count("<li>") == 3
    assert "above the 3 points Smith fixes" in body


def test_rule_proposal_comment() -> None:
    proposal = RuleProposalItem.model_validate(_data("rule_miner")["proposals"][0])
    evidence = [FailureEvidence(failure_id=3, summary=HOSTILE, url="https://f.example/mr/1#n"),
                FailureEvidence(failure_id=9, url="javascript:alert(1)")]
    body = render_rule_proposal(17, proposal, evidence)
    assert parse_marker(body, "rule") == {"proposal": "17"}
    html = to_html(body)
    assert_inert(html, allowed_links=("https://f.example/mr/1#n",))
    assert "Self-review" in body and "Compare with None explicitly" in body
    assert "`/smith approve-rule`" in body and "`/smith reject-rule`" in body and "👍" in body
    assert html.count("<li>") == 2 and "failure 9" in html

"""Scenarios 2-4: the chain stops (or waits) where a human has to decide, and says why.

Each runs on both fake forges and asserts what the forge shows afterwards: comments, labels,
change requests, branches, and the run/steps rows.
"""

from __future__ import annotations

import pytest

from bot.chains.fix.graph import FIX
from tests.e2e import script
from tests.e2e.buggy_repo import branch_file, branches
from tests.e2e.conftest import E2E

pytestmark = pytest.mark.e2e

FAILED = "smith:failed"
NEEDS_INFO = "smith:needs-info"
AWAITING = "smith:awaiting-approval"
READY = "smith:ready-for-review"


def _failure_comments(e2e: E2E, kind: str) -> list[str]:
    return [c for c in e2e.issue_comments() if f"kind={kind}" in c and "smith:failure" in c]


async def _assert_nothing_published(e2e: E2E) -> None:
    assert e2e.change_requests() == []
    assert branches(e2e.bare) == ["main"]
    assert READY not in e2e.labels()


# --- 2. the judge disagrees every round ---------------------------------------------------------


async def test_judge_disagreeing_every_round_stops_with_both_verdicts_on_the_issue(e2e: E2E):
    rounds = 3  # judge_rebuilds defaults to 2: the first diagnosis plus two rebuilds
    e2e.model.script("submit_acceptance", script.submit("submit_acceptance", script.ACCEPTANCE))
    e2e.model.script("submit_diagnosis",
                     *[script.submit("submit_diagnosis", script.DIAGNOSIS)] * rounds)
    e2e.model.script("submit_judgement", *[script.submit("submit_judgement", script.JUDGE_NO)]
                     * rounds)

    await e2e.summon()
    await e2e.drain()

    [run] = await e2e.runs()
    assert (run.status, run.outcome) == ("failed", "judge_disagreed"), run.reason
    steps = [(s.name, s.status) for s in await e2e.steps(run.id)]
    assert steps == [("prepare", "passed"), ("acceptance", "passed")] + [
        ("diagnose", "passed"), ("judge", "rejected")] * rounds
    assert e2e.model.remaining() == 0 and not e2e.model.problems
    # Each rebuilt diagnosis was told why the judge said no.
    diagnose_requests = e2e.model.requests_for("submit_diagnosis")
    assert len(diagnose_requests) == rounds
    assert "judge rejected" not in script.first_user_text(diagnose_requests[0])
    for later in diagnose_requests[1:]:
        first = script.first_user_text(later)
        assert "An independent judge rejected the previous diagnosis" in first
        assert "nothing in the cited lines produces 6.0" in first
    # Both sides on the issue, once: Smith's diagnosis and the judge's reasoning.
    [said] = _failure_comments(e2e, "judge_disagreed")
    assert "every mean is too large" in said  # the root cause
    assert "calc.py:4-8" in said  # its location
    assert "The cited code is not where the wrong number comes from" in said  # the judge's why
    assert f"after {rounds} round(s)" in said
    assert "/smith retry" in said
    assert FAILED in e2e.labels()
    await _assert_nothing_published(e2e)
    assert e2e.model.requests_for("submit_estimate") == []


# --- 3. the estimate gate -----------------------------------------------------------------------


async def test_estimate_at_the_gate_waits_for_a_maintainers_approval(e2e: E2E):
    script.understanding(e2e.model, estimate=script.ESTIMATE_BIG)
    await e2e.summon()
    await e2e.drain()

    [run] = await e2e.runs()
    assert (run.status, run.outcome, run.current_step) == ("paused", "awaiting_approval", "brt")
    assert [(s.name, s.status) for s in await e2e.steps(run.id)][-1] == ("estimate", "waiting")
    assert AWAITING in e2e.labels()
    [gate] = [c for c in e2e.issue_comments() if "smith:gate" in c]
    assert "reaches the gate" in gate and "/smith approve" in gate
    assert "every caller of average must be checked" in gate  # why not lower
    [status] = [c for c in e2e.issue_comments() if "smith:status" in c]
    assert "Smith is waiting for a human" in status
    assert e2e.model.requests_for("submit_repro_test") == []
    await _assert_nothing_published(e2e)

    # A developer with write access (not maintain) cannot approve: nothing moves.
    await e2e.comment("/smith approve", actor="dev")
    await e2e.drain()
    [run] = await e2e.runs()
    assert run.status == "paused"
    assert any("@dev `approve` needs maintain access" in c for c in e2e.issue_comments())
    assert not any("Approved by" in c for c in e2e.issue_comments())
    assert e2e.model.requests_for("submit_repro_test") == []
    assert AWAITING in e2e.labels()

    # A maintainer approves: the run resumes on a fresh checkout at the test, not the estimate.
    script.reproduction(e2e.model)
    script.implementation(e2e.model, script.FIX_EDIT)
    e2e.model.script("submit_self_review", script.submit("submit_self_review", script.SELF_REVIEW))
    e2e.model.script("submit_criteria_verdict", script.submit("submit_criteria_verdict",
                                                              script.VERDICT))
    await e2e.comment("/smith approve", actor="maintainer")
    await e2e.drain()

    [run] = await e2e.runs()
    assert (run.status, run.outcome) == ("succeeded", "change_request"), run.reason
    assert run.params["approved_by"] == "maintainer"
    steps = [(s.name, s.status) for s in await e2e.steps(run.id)]
    assert steps[5:] == [("prepare", "passed"), *script.passed_path(FIX, start="brt")]
    assert [name for name, _ in steps].count("estimate") == 1
    assert len(e2e.model.requests_for("submit_estimate")) == 1
    assert any("Approved by @maintainer" in c for c in e2e.issue_comments())
    [change] = e2e.change_requests()
    assert "sum(values) / len(values)" in branch_file(e2e.bare, run.branch, "calc.py")
    assert run.change_request_url
    labels = e2e.labels()
    assert READY in labels and AWAITING not in labels
    # The resumed run kept editing the same status comment.
    [status] = [c for c in e2e.issue_comments() if "smith:status" in c]
    assert "Smith has finished" in status and status.count("✅") == 12
    assert e2e.model.remaining() == 0 and not e2e.model.problems


# --- 4. acceptance blocked ----------------------------------------------------------------------

BLOCKED = {
    "status": "blocked", "criteria": [],
    "missing_data": ["the value average() should return for an empty list"],
    "questions": ["Should an empty list raise an error or give 0?"],
}


def _questions(e2e: E2E) -> list[str]:
    """Smith's questions while the run waits for the answer (tests/e2e/test_needs_info.py)."""
    return [c for c in e2e.issue_comments() if "smith:question" in c
            and "kind=acceptance_blocked" in c]


async def test_blocked_acceptance_asks_the_reporter_and_waits(e2e: E2E):
    e2e.model.script("submit_acceptance", script.submit("submit_acceptance", BLOCKED))
    await e2e.summon()
    await e2e.drain()

    [run] = await e2e.runs()
    assert (run.status, run.outcome) == ("paused", "needs_info"), run.reason
    assert [(s.name, s.status) for s in await e2e.steps(run.id)] == [
        ("prepare", "passed"), ("acceptance", "waiting")]
    [said] = _questions(e2e)
    assert "Should an empty list raise an error or give 0?" in said
    assert "the value average() should return for an empty list" in said
    assert NEEDS_INFO in e2e.labels()
    assert e2e.model.requests_for("submit_diagnosis") == []
    await _assert_nothing_published(e2e)


async def test_cancelling_a_run_paused_at_the_gate_ends_it_and_a_later_approve_does_nothing(
    e2e: E2E,
):
    script.understanding(e2e.model, estimate=script.ESTIMATE_BIG)
    await e2e.summon()
    await e2e.drain()
    [run] = await e2e.runs()
    assert run.status == "paused"

    await e2e.comment("/smith cancel", actor="maintainer")
    await e2e.drain()
    [run] = await e2e.runs()
    assert (run.status, run.outcome) == ("cancelled", "cancelled")
    assert any(f"Run #{run.id} is cancelled." in c for c in e2e.issue_comments())

    await e2e.comment("/smith approve", actor="maintainer")
    await e2e.drain()
    [run] = await e2e.runs()
    assert run.status == "cancelled"
    assert any("is not waiting for approval (status: cancelled)" in c
               for c in e2e.issue_comments())
    assert e2e.model.requests_for("submit_repro_test") == []
    await _assert_nothing_published(e2e)

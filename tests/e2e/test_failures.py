"""Scenarios 5, 6 and 9: a red or vetoed attempt goes back to IMPLEMENT with what went wrong;
attempts run out; a maintainer cancels mid-run. Both forges; forge state asserted afterwards."""

from __future__ import annotations

import asyncio

import pytest

from tests.e2e import script
from tests.e2e.buggy_repo import branch_file, branches
from tests.e2e.conftest import E2E

pytestmark = pytest.mark.e2e

FAILED = "smith:failed"
READY = "smith:ready-for-review"
RAW_LOG_MARKERS = ("test session starts", "rootdir:", "short test summary info", "=====")


def _implement_inputs(e2e: E2E) -> list[str]:
    """The first user message of each IMPLEMENT conversation (its inputs, not tool results)."""
    return [script.first_user_text(r) for r in e2e.model.requests_for("submit_implementation")
            if len(r.messages) == 1]


def _body(e2e: E2E, change) -> str:  # noqa: ANN001 - a fake's pull or merge request
    return change.body if e2e.forge_name == "github" else change.description


# --- 5. QUALITY red on the first attempt --------------------------------------------------------


async def test_red_quality_sends_a_failure_summary_back_and_the_second_attempt_ships(e2e: E2E):
    script.understanding(e2e.model)
    script.reproduction(e2e.model)
    script.implementation(e2e.model, script.WRONG_EDIT, script.FIX_AFTER_WRONG_EDIT)
    script.checks_and_submits(e2e.model, self_reviews=1, verdicts=1)

    await e2e.summon()
    await e2e.drain()

    [run] = await e2e.runs()
    assert (run.status, run.outcome) == ("succeeded", "change_request"), run.reason
    steps = [(s.name, s.status) for s in await e2e.steps(run.id)]
    assert steps[6:] == [
        ("implement", "passed"), ("self_review", "passed"), ("quality", "rejected"),
        ("implement", "passed"), ("quality", "passed"), ("validate", "passed"),
        ("publish", "passed"), ("transition", "passed"),
    ]
    [red_quality] = [s for s in await e2e.steps(run.id)
                     if s.name == "quality" and s.status == "rejected"]
    assert red_quality.artifact["red_test_still_red"] is True
    assert [t["test_id"] for t in red_quality.artifact["failed_tests"]] == [script.RED_TEST_ID]
    # The second attempt was told which test failed and what it asserted, not given the log.
    first, second = _implement_inputs(e2e)
    assert "Attempt feedback from quality" not in first
    assert "This is attempt 1 of 3" in first and "This is attempt 2 of 3" in second
    assert "Attempt feedback from quality" in second
    assert "test_average_of_two_numbers" in second
    assert "assert 2.0 == 3" in second  # the assertion, with the wrong value the attempt gave
    for marker in RAW_LOG_MARKERS:
        assert marker not in second, marker
    # What ships is the second attempt, and only one change request.
    [change] = e2e.change_requests()
    assert "sum(values) / len(values)" in branch_file(e2e.bare, run.branch, "calc.py")
    assert "len(values) + 1" not in branch_file(e2e.bare, run.branch, "calc.py")
    assert script.RED_TEST_ID in _body(e2e, change)
    assert READY in e2e.labels() and FAILED not in e2e.labels()
    e2e.assert_one_final_ending()
    assert e2e.model.remaining() == 0 and not e2e.model.problems


# --- 6. VALIDATE veto ---------------------------------------------------------------------------


async def test_a_vetoed_crutch_goes_back_with_the_veto_and_the_honest_fix_ships(e2e: E2E):
    script.understanding(e2e.model)
    script.reproduction(e2e.model, script.RED_TEST_INSTANCE)
    script.implementation(e2e.model, script.CRUTCH_EDIT, script.FIX_AFTER_CRUTCH_EDIT)
    script.checks_and_submits(e2e.model, self_reviews=1, verdicts=2)

    await e2e.summon()
    await e2e.drain()

    [run] = await e2e.runs()
    assert (run.status, run.outcome) == ("succeeded", "change_request"), run.reason
    steps = await e2e.steps(run.id)
    assert [(s.name, s.status) for s in steps][6:] == [
        ("implement", "passed"), ("self_review", "passed"), ("quality", "passed"),
        ("validate", "rejected"), ("implement", "passed"), ("quality", "passed"),
        ("validate", "passed"), ("publish", "passed"), ("transition", "passed"),
    ]
    [veto] = [s for s in steps if s.name == "validate" and s.status == "rejected"]
    assert veto.artifact["decision"] == "veto"
    assert any(reason.startswith("special_casing") for reason in veto.artifact["reasons"])
    # The veto was handed to the second attempt, the model's "covered" notwithstanding.
    _, second = _implement_inputs(e2e)
    assert "Attempt feedback from validate" in second
    assert "The validator vetoed the fix" in second and "special_casing" in second
    # The shipped branch has the honest fix and no trace of the crutch.
    shipped = branch_file(e2e.bare, run.branch, "calc.py")
    assert "sum(values) / len(values)" in shipped and "[17, 41]" not in shipped
    [change] = e2e.change_requests()
    assert "AC1" in _body(e2e, change)
    assert READY in e2e.labels() and FAILED not in e2e.labels()
    e2e.assert_one_final_ending()
    assert e2e.model.remaining() == 0 and not e2e.model.problems


async def test_every_attempt_vetoed_exhausts_the_budget_and_says_so(e2e: E2E):
    script.understanding(e2e.model)
    script.reproduction(e2e.model, script.RED_TEST_INSTANCE)
    script.implementation(e2e.model, script.CRUTCH_EDIT, script.CRUTCH_AGAIN, script.CRUTCH_THIRD)
    script.checks_and_submits(e2e.model, self_reviews=1, verdicts=3)

    await e2e.summon()
    await e2e.drain()

    [run] = await e2e.runs()
    assert (run.status, run.outcome) == ("failed", "budget_exhausted"), run.reason
    steps = await e2e.steps(run.id)
    named = [(s.name, s.status) for s in steps]
    assert named.count(("implement", "passed")) == 3  # attempt_budget defaults to 3
    assert named.count(("validate", "rejected")) == 3
    assert named[-1] == ("validate", "rejected")
    assert all(name not in ("publish", "transition") for name, _ in named)
    for vetoed in (s for s in steps if s.name == "validate"):
        assert any(r.startswith("special_casing") for r in vetoed.artifact["reasons"]), \
            vetoed.artifact["reasons"]
    assert run.params["attempts"] == 3
    # The issue hears why: all attempts used, and the last failure was the validator's veto.
    said = e2e.assert_one_final_ending()
    assert "kind=budget_exhausted" in said
    assert "Smith used all 3 fix attempts" in said
    shown = said.replace("\\", "")  # markdown escapes
    assert "last failure (validate)" in shown
    assert "special_casing at calc.py:8: branches on `41`" in shown
    assert FAILED in e2e.labels() and READY not in e2e.labels()
    assert e2e.change_requests() == []
    assert branches(e2e.bare) == ["main"]
    assert e2e.model.remaining() == 0 and not e2e.model.problems


# --- 9. /smith cancel mid-run -------------------------------------------------------------------


async def test_cancel_while_the_model_is_thinking_stops_before_the_next_step(e2e: E2E):
    script.happy_path(e2e.model)
    thinking = e2e.model.hold("submit_diagnosis")
    await e2e.summon()
    chain = asyncio.create_task(e2e.drain())
    try:
        await asyncio.wait_for(thinking.arrived.wait(), 20)
        # The maintainer cancels while DIAGNOSE waits for the model; a second worker handles
        # the comment (the first is busy with the run).
        await e2e.comment("/smith cancel", actor="maintainer")
        await e2e.drain()
        run = await e2e.wait_for_run(lambda r: r.cancel_requested)
        assert run.status == "running"
        assert any("Cancelling run #" in c for c in e2e.issue_comments())
    finally:
        thinking.release()
        await asyncio.wait_for(chain, 30)

    [run] = await e2e.runs()
    assert (run.status, run.outcome) == ("cancelled", "cancelled"), run.reason
    assert [(s.name, s.status) for s in await e2e.steps(run.id)] == [
        ("prepare", "passed"), ("acceptance", "passed"), ("diagnose", "passed")]
    assert e2e.model.requests_for("submit_judgement") == []
    said = e2e.assert_one_final_ending()
    assert "kind=cancelled" in said
    assert "Cancelled by @maintainer" in said.replace("\u200b", "")  # @\u200b: no ping
    assert e2e.change_requests() == []
    assert branches(e2e.bare) == ["main"]
    assert READY not in e2e.labels()
    [status] = [c for c in e2e.issue_comments() if "smith:status" in c]
    assert status.count("✅") == 3


async def test_cancel_from_a_reader_is_refused_and_the_run_finishes(e2e: E2E):
    script.happy_path(e2e.model)
    thinking = e2e.model.hold("submit_diagnosis")
    await e2e.summon()
    chain = asyncio.create_task(e2e.drain())
    try:
        await asyncio.wait_for(thinking.arrived.wait(), 20)
        await e2e.comment("/smith cancel", actor="reader")
        await e2e.drain()
    finally:
        thinking.release()
        await asyncio.wait_for(chain, 30)

    [run] = await e2e.runs()
    assert (run.status, run.outcome) == ("succeeded", "change_request"), run.reason
    assert not run.cancel_requested
    assert any("@reader `cancel` needs write access" in c for c in e2e.issue_comments())
    assert len(e2e.change_requests()) == 1
    e2e.assert_one_final_ending()

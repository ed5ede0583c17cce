"""ACCEPTANCE blocked → the reporter's answer resumes the run, with no `/smith retry`.

The run pauses at ACCEPTANCE with its questions on the issue and the needs-info label. A comment
by the issue's author (or anyone with write access) is the answer: the run goes on from
ACCEPTANCE, which reads the report again with the answer and the questions it asked. A comment
by anyone else, or an `/smith approve`, leaves it waiting. Both forges.
"""

from __future__ import annotations

import pytest

from tests.e2e import script
from tests.e2e.buggy_repo import push_files
from tests.e2e.conftest import BOTH_FORGES, E2E

pytestmark = pytest.mark.e2e

NEEDS_INFO = "smith:needs-info"
QUESTION = "Which value should average([2, 4]) return?"
BLOCKED = {"status": "blocked", "criteria": [],
           "missing_data": ["the expected result of average([2, 4])"], "questions": [QUESTION]}
ANSWER = "It must return 3, the mean of 2 and 4."
ANSWERED = {**script.ACCEPTANCE, "criteria": [{
    "id": "AC1", "kind": "primary", "behaviour": "average([2, 4]) returns 3",
    "quote": "It must return 3, the mean of 2 and 4."}]}


def _reader(e2e: E2E, user: str) -> None:
    if e2e.forge_name == "github":
        e2e.fake.set_permission(e2e.repo_name, user, "read")
    else:
        e2e.fake.set_access_level(e2e.repo_name, user, 10)


def _acceptance_inputs(e2e: E2E) -> list[str]:
    return [script.first_user_text(r) for r in e2e.model.requests_for("submit_acceptance")]


@pytest.mark.parametrize("forge_name", BOTH_FORGES)
async def test_the_reporters_answer_resumes_a_run_blocked_at_acceptance(e2e: E2E):
    e2e.model.script("submit_acceptance", script.submit("submit_acceptance", BLOCKED))
    await e2e.summon()
    await e2e.drain()

    [run] = await e2e.runs()
    assert (run.status, run.outcome, run.current_step) == ("paused", "needs_info", "acceptance")
    assert [(s.name, s.status) for s in await e2e.steps(run.id)] == [
        ("prepare", "passed"), ("acceptance", "waiting")]
    [asked] = [c for c in e2e.issue_comments() if "kind=acceptance_blocked" in c]
    assert QUESTION in asked.replace("\\", "")
    assert "Smith reads the report again with your answer" in asked
    assert NEEDS_INFO in e2e.labels()

    # Somebody without write access who did not write the report: not an answer.
    _reader(e2e, "passerby")
    await e2e.comment("Same here, any news?", actor="passerby")
    await e2e.drain()
    [run] = await e2e.runs()
    assert run.status == "paused" and len(_acceptance_inputs(e2e)) == 1
    # An approval is for the estimate gate, not for a run waiting for information.
    await e2e.comment("/smith approve", actor="maintainer")
    await e2e.drain()
    [run] = await e2e.runs()
    assert run.status == "paused" and "approved_by" not in (run.params or {})
    assert any("waiting for information" in c for c in e2e.issue_comments())

    # The reporter (read access, the issue's author) answers: the run goes on by itself.
    e2e.model.script("submit_acceptance", script.submit("submit_acceptance", ANSWERED))
    e2e.model.script("submit_diagnosis", script.submit("submit_diagnosis", script.DIAGNOSIS))
    e2e.model.script("submit_judgement", script.submit("submit_judgement", script.JUDGE_YES))
    e2e.model.script("submit_estimate", script.submit("submit_estimate", script.ESTIMATE_SMALL))
    script.reproduction(e2e.model)
    script.implementation(e2e.model, script.FIX_EDIT)
    script.checks_and_submits(e2e.model)
    await e2e.comment(ANSWER, actor="reader")
    await e2e.drain()

    [run] = await e2e.runs()
    assert (run.status, run.outcome) == ("succeeded", "change_request"), run.reason
    assert run.params["answered_by"] == "reader"
    steps = [(s.name, s.status) for s in await e2e.steps(run.id)]
    assert steps[:4] == [("prepare", "passed"), ("acceptance", "waiting"),
                         ("prepare", "passed"), ("acceptance", "passed")]
    first, second = _acceptance_inputs(e2e)
    assert ANSWER not in first
    assert ANSWER in second  # the answer is part of the report now
    assert "Smith asked the reporter before" in second and QUESTION in second
    assert any("Smith reads the report again with your answer" in c and "@reader" in c
               for c in e2e.issue_comments())
    assert NEEDS_INFO not in e2e.labels()
    assert len(e2e.change_requests()) == 1
    e2e.assert_one_final_ending()
    assert e2e.model.remaining() == 0 and not e2e.model.problems


async def test_a_run_out_of_rounds_stops_and_says_retry(e2e: E2E):
    push_files(e2e.bare, {".smith.yml": "steps: {needs_info_rounds: 0}\n"})
    e2e.model.script("submit_acceptance", script.submit("submit_acceptance", BLOCKED))
    await e2e.summon()
    await e2e.drain()

    [run] = await e2e.runs()
    assert (run.status, run.outcome) == ("failed", "needs_info"), run.reason
    [asked] = [c for c in e2e.issue_comments() if "kind=acceptance_blocked" in c]
    assert "/smith retry" in asked and "reads the report again with your answer" not in asked
    await e2e.comment(ANSWER, actor="reader")
    await e2e.drain()
    assert len(await e2e.runs()) == 1 and len(_acceptance_inputs(e2e)) == 1


async def test_a_retry_on_a_run_waiting_for_information_resumes_it(e2e: E2E):
    e2e.model.script("submit_acceptance", *[script.submit("submit_acceptance", BLOCKED)] * 2)
    await e2e.summon()
    await e2e.drain()
    # The reporter edited the description instead of answering in a comment.
    await e2e.comment("/smith retry", actor="maintainer")
    await e2e.drain()

    [run] = await e2e.runs()  # the same run went on; no second one was started
    assert (run.status, run.outcome) == ("paused", "needs_info"), run.reason
    assert [s.status for s in await e2e.steps(run.id) if s.name == "acceptance"] == [
        "waiting", "waiting"]
    assert any(f"Run #{run.id} reads the report again." in c for c in e2e.issue_comments())
    assert e2e.model.remaining() == 0

"""Scenario 1: signed label webhook → red test → fix → green → change request → ready."""

from __future__ import annotations

import pytest

from bot.chains.fix.graph import FIX
from bot.store.audit import list_audit
from tests.e2e import script
from tests.e2e.buggy_repo import branch_file, branches
from tests.e2e.conftest import BOTH_FORGES, E2E

pytestmark = pytest.mark.e2e


@pytest.mark.parametrize("forge_name", BOTH_FORGES)
async def test_happy_path_opens_a_validated_change_request(e2e: E2E):
    script.happy_path(e2e.model)
    await e2e.summon(actor="maintainer")
    await e2e.drain()

    [run] = await e2e.runs()
    assert (run.status, run.outcome) == ("succeeded", "change_request"), run.reason
    steps = [(s.name, s.status) for s in await e2e.steps(run.id)]
    assert steps == script.passed_path(FIX)
    # The branch holds the fix and the red test, and nothing else.
    branch = run.branch
    assert branch in branches(e2e.bare)
    assert "sum(values) / len(values)" in branch_file(e2e.bare, branch, "calc.py")
    assert "test_average_of_two_numbers" in branch_file(e2e.bare, branch, script.RED_TEST_FILE)
    # One change request, with the criteria table and the red → green evidence.
    [change] = e2e.change_requests()
    body = change.body if e2e.forge_name == "github" else change.description
    assert "AC1" in body and script.RED_TEST_ID in body
    assert f"#{e2e.issue}" in body
    assert run.change_request_url
    # The issue is handed to reviewers, and the status comment shows every step done.
    assert "smith:ready-for-review" in e2e.labels()
    assert "smith:in-progress" not in e2e.labels()
    status = [c for c in e2e.issue_comments() if "smith:status" in c]
    assert len(status) == 1
    shown = [name for name in FIX.step_names() if name not in FIX.optional_steps()]
    assert status[0].count("✅") == len(shown)  # regression is off here: not listed
    # What the model saw: the judge never saw the diagnoser's reasoning.
    judge_requests = [r for r in e2e.model.requests if "submit_judgement" in r.tool_names]
    assert judge_requests and "rejected" not in judge_requests[0].messages[0]["content"]
    assert run.input_tokens > 0 and run.cost_usd > 0
    assert not e2e.model.problems
    # The audit trail holds the push and the change request it opened.
    async with e2e.db.transaction() as session:
        rows = await list_audit(session, repo=e2e.repo_name, limit=50)
    kinds = [(row.kind, row.subject) for row in rows]
    assert ("push", branch) in kinds
    assert any(kind == "change_request" for kind, _ in kinds)

"""A validator that misquotes the diff once costs the fix nothing (issue #27, done-when 3).

VALIDATE checks that each criterion's evidence quotes the diff verbatim. A quote that is not in
the diff is the validator's mistake, not the fix's: the step asks again, naming the line it did
not find, and the run goes on to publish once the quote verifies. Walked end to end here, from
the signed label to the change request, with the scripted model behind the real SDK.
"""

from __future__ import annotations

import pytest

from bot.chains.fix.graph import FIX
from tests.e2e import script
from tests.e2e.conftest import E2E

pytestmark = pytest.mark.e2e

PARAPHRASE = "+    return the mean of the values"
MISQUOTED = {**script.VERDICT, "criteria": [{"id": "AC1", "covered": True, "evidence": PARAPHRASE}]}


@pytest.fixture
def forge_name() -> str:  # the forge side is the happy path's, tested on both forges there
    return "github"


async def test_a_misquote_then_a_true_quote_publishes_with_no_implement_attempt_spent(e2e: E2E):
    script.understanding(e2e.model)
    script.reproduction(e2e.model)
    script.implementation(e2e.model, script.FIX_EDIT)
    e2e.model.script("submit_self_review", script.submit("submit_self_review", script.SELF_REVIEW))
    e2e.model.script("submit_criteria_verdict",
                     script.submit("submit_criteria_verdict", MISQUOTED),
                     script.submit("submit_criteria_verdict", script.VERDICT))

    await e2e.summon(actor="maintainer")
    await e2e.drain()

    [run] = await e2e.runs()
    assert (run.status, run.outcome) == ("succeeded", "change_request"), run.reason
    # Every step once: IMPLEMENT was not sent back, no attempt was spent on the misquote.
    assert [(s.name, s.status) for s in await e2e.steps(run.id)] == script.passed_path(FIX)
    implement_asks = [r for r in e2e.model.requests if "submit_implementation" in r.tool_names]
    assert len({script.first_user_text(r) for r in implement_asks}) == 1
    # The validator was asked twice within VALIDATE, the second time told what it misquoted.
    first, second = [script.first_user_text(r) for r in e2e.model.requests
                     if "submit_criteria_verdict" in r.tool_names and len(r.messages) == 1]
    assert "<evidence_not_found>" not in first
    assert PARAPHRASE.lstrip("+ ") in second.split("<evidence_not_found>", 1)[1]
    # Reviewers see the criterion covered with the verified quote, not "coverage not shown".
    [change] = e2e.change_requests()
    assert "AC1" in change.body and "not shown" not in change.body.lower()
    assert not e2e.model.problems

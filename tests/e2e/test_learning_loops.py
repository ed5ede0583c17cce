"""Both learning loops on a real run, end to end on each forge: a judge that keeps rejecting
the diagnosis becomes stories, the miner (scripted model) proposes a rule from them, Smith
posts it on the issue the run came from (it never opened a change request), a maintainer
approves it there with `/smith approve-rule`, and the next run's DIAGNOSE prompt carries it.
Along the way the stats count what really happened: the judge's rejections under the story's
kind, and the estimate gate's pause as a gate, not a rejection."""

from __future__ import annotations

import pytest
from sqlalchemy import select

from bot.rules.mining import mine_rules
from bot.stats.query import load_stats
from bot.store.models import Failure, Rule
from tests.e2e import script
from tests.e2e.conftest import BOTH_FORGES, E2E
from tests.fakes.model import Turn

pytestmark = pytest.mark.e2e

ROUNDS = 3  # the first diagnosis and judge_rebuilds (2) rebuilds
MINER = "submit_rules_proposal"
RULE = "Cite the line that computes the wrong value, not only the function that returns it."


async def _failures(e2e: E2E) -> list[Failure]:
    async with e2e.db.transaction() as session:
        return list((await session.execute(select(Failure).order_by(Failure.id))).scalars())


async def _rule(e2e: E2E) -> Rule:
    async with e2e.db.transaction() as session:
        [rule] = (await session.execute(select(Rule))).scalars()
        return rule


@pytest.mark.parametrize("forge_name", BOTH_FORGES)
async def test_a_rejected_diagnosis_becomes_an_approved_rule_in_the_next_runs_prompt(e2e: E2E):
    e2e.model.script("submit_acceptance", script.submit("submit_acceptance", script.ACCEPTANCE))
    e2e.model.script("submit_diagnosis",
                     *[script.submit("submit_diagnosis", script.DIAGNOSIS)] * ROUNDS)
    e2e.model.script("submit_judgement",
                     *[script.submit("submit_judgement", script.JUDGE_NO)] * ROUNDS)
    await e2e.summon()
    await e2e.drain()
    [first] = await e2e.runs()
    assert (first.status, first.outcome) == ("failed", "judge_disagreed"), first.reason

    # Every rejection is a story of the judge, with the claim and the judge's why.
    stories = await _failures(e2e)
    assert [(f.step, f.kind, f.run_id, f.change_request_number) for f in stories] == [
        ("judge", "judge_rejected", first.id, None)] * ROUNDS
    assert "every mean is too large" in stories[0].evidence  # the diagnosis' root cause
    assert "nothing in the cited lines produces 6.0" in stories[0].evidence  # what it missed
    async with e2e.db.transaction() as session:
        report = await load_stats(session, window=1)
    judge = next(s for s in report.steps if s.step == "judge")
    assert (judge.rejections, judge.rejections_by_reason) == (ROUNDS, {"judge_rejected": ROUNDS})

    # The miner groups them into one proposal; with no change request it goes to the issue.
    e2e.model.script(MINER, Turn.submit(MINER, {"proposals": [{
        "step": "diagnose", "rule": RULE, "evidence_failure_ids": [f.id for f in stories],
        "rationale": "The judge rejected three diagnoses that named no computing line."}]}))
    mined = await mine_rules(e2e.runtime)
    assert mined.error is None, mined.error
    rule = await _rule(e2e)
    assert [p.detail for p in mined.posted] == [
        f"{e2e.forge_name}:{e2e.repo_name}#{e2e.issue}"]
    assert (rule.status, rule.proposal_ref["item_kind"], rule.proposal_ref["item_number"]) == (
        "proposed", "issue", e2e.issue)
    [proposal] = [c for c in e2e.issue_comments() if f"smith:rule proposal={rule.id}" in c]
    assert RULE in proposal

    # A user without the permission cannot decide; the maintainer can, in the same place.
    await e2e.comment("/smith approve-rule", actor="dev")
    await e2e.drain()
    assert (await _rule(e2e)).status == "proposed"
    await e2e.comment("/smith approve-rule", actor="maintainer")
    await e2e.drain()
    assert (await _rule(e2e)).status == "approved"
    assert any(f"Rule #{rule.id} approved by @maintainer" in c for c in e2e.issue_comments())

    # The next run (a retry; this time it pauses at the estimate gate) carries the rule into
    # DIAGNOSE's prompt, and only there.
    before = len(e2e.model.requests_for("submit_diagnosis"))
    script.understanding(e2e.model, estimate=script.ESTIMATE_BIG)
    await e2e.comment("/smith retry", actor="maintainer")
    await e2e.drain()
    runs = await e2e.runs()
    assert [(r.status, r.outcome) for r in runs][1:] == [("paused", "awaiting_approval")]
    diagnose = e2e.model.requests_for("submit_diagnosis")
    assert all(RULE not in r.system_text for r in diagnose[:before])
    assert diagnose[before:] and all(RULE in r.system_text for r in diagnose[before:])
    assert all(RULE not in r.system_text for r in e2e.model.requests_for("submit_judgement"))
    assert not e2e.model.problems

    # The pause is a gate with its reason, not a rejection: ESTIMATE is no removal candidate.
    async with e2e.db.transaction() as session:
        report = await load_stats(session, window=1)
    estimate = next(s for s in report.steps if s.step == "estimate")
    assert (estimate.rejections, estimate.gates, estimate.gates_by_reason) == (
        0, 1, {"awaiting_approval": 1})
    assert estimate.can_reject and not estimate.removal_candidate

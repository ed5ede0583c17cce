"""Where a proposal is posted when its evidence never reached a change request: the issue its
runs reported on, and votes there work as on a change request (both forges)."""

from __future__ import annotations

from bot.rules.config import RulesSettings
from bot.rules.posting import post_proposal
from bot.rules.votes import poll_reactions
from bot.store import rules as store
from bot.store.models import Rule, Run
from tests.rules.conftest import PROJECT, REPO, RulesStack

RULE = "Cite the line that produces the wrong value, not the line that reports it."


async def _run(stack: RulesStack, forge: str, repo: str, *, issue: int | None,
               subject: str = "issue", key: str | None = None) -> int:
    async with stack.db.transaction() as s:
        run = Run(forge=forge, repo=repo, issue_number=issue, chain="fix", status="failed",
                  outcome="judge_disagreed", params={}, subject_kind=subject,
                  subject_key=key or str(issue))
        s.add(run)
        await s.flush()
        return run.id


async def _proposal(stack: RulesStack, forge: str, repo: str, run_ids: list[int | None]) -> Rule:
    async with stack.db.transaction() as s:
        ids = [(await store.add_failure(s, forge=forge, repo=repo, step="judge",
                                        kind="judge_rejected", evidence=f"story {n}",
                                        run_id=run_id)).id
               for n, run_id in enumerate(run_ids)]
        return await store.create_proposal(s, step="diagnose", text=RULE, rationale="r",
                                           evidence_failure_ids=ids, forge=forge, repo=repo)


async def _post(stack: RulesStack, rule: Rule, **settings) -> Rule:
    if settings:
        stack.with_settings(**settings)
    outcome = await post_proposal(stack.runtime, rule, RulesSettings.from_settings(stack.settings))
    async with stack.db.transaction() as s:
        posted = await store.get_rule(s, rule.id)
    assert outcome.posted is bool(posted.proposal_ref.get("comment_id")), outcome.detail
    return posted


async def _status(stack: RulesStack, rule_id: int) -> str:
    async with stack.db.transaction() as s:
        return (await store.get_rule(s, rule_id)).status


async def test_github_evidence_without_a_change_request_goes_to_its_issue_and_a_vote_decides(
    rules_stack: RulesStack,
):
    stack = rules_stack
    issue = stack.github.add_issue(REPO, title="average is wrong")
    other = stack.github.add_issue(REPO, title="another report")
    tracking = stack.github.add_issue(REPO, title="Smith rule proposals")
    runs = [await _run(stack, "github", REPO, issue=issue) for _ in range(2)]
    lone = await _run(stack, "github", REPO, issue=other)
    rule = await _proposal(stack, "github", REPO, [*runs, lone])

    posted = await _post(stack, rule, rules_tracking_issue=tracking)

    assert {k: posted.proposal_ref[k] for k in ("item_kind", "item_number", "thread_id")} == {
        "item_kind": "issue", "item_number": issue, "thread_id": None}
    [comment] = [c for c in stack.github.comments_on(REPO, issue) if c.user == "smith-bot"]
    assert f"<!-- smith:rule proposal={rule.id} -->" in comment.body and RULE in comment.body
    assert stack.github.comments_on(REPO, tracking) == []  # the tracking issue is a fallback
    assert stack.github.comments_on(REPO, other) == []

    stack.github.add_reaction(comment.id, "+1", "reader")  # no permission: told, not counted
    stack.github.add_reaction(comment.id, "+1", "boss")
    result = await poll_reactions(stack.runtime)

    assert result.approved == [rule.id] and result.told == [(rule.id, "reader")]
    async with stack.db.transaction() as s:
        assert await store.active_rules(s, forge="github", repo=REPO, step="diagnose") == [RULE]
    said = [c.body for c in stack.github.comments_on(REPO, issue) if c.user == "smith-bot"]
    assert any(f"Rule #{rule.id} approved by @boss" in body for body in said)
    assert any("@reader" in body and "was not counted" in body for body in said)


async def test_gitlab_approve_rule_on_the_issue_needs_a_maintainer(rules_stack: RulesStack):
    stack = rules_stack
    issue = stack.gitlab.add_issue(PROJECT, title="average is wrong")
    runs = [await _run(stack, "gitlab", PROJECT, issue=issue) for _ in range(2)]
    rule = await _proposal(stack, "gitlab", PROJECT, runs)

    posted = await _post(stack, rule)
    assert (posted.proposal_ref["item_kind"], posted.proposal_ref["item_number"]) == (
        "issue", issue)
    [note] = [n for n in stack.gitlab.notes_on(PROJECT, "Issue", issue)
              if n.author == "smith-bot"]
    assert note.id == posted.proposal_ref["comment_id"]

    await stack.gitlab.award_emoji(PROJECT, note.id, "thumbsup", "guest")
    await stack.gitlab.comment(PROJECT, "Issue", issue, "/smith approve-rule", "dev")
    await stack.drain()
    assert await _status(stack, rule.id) == "proposed"

    await stack.gitlab.comment(PROJECT, "Issue", issue, "/smith approve-rule", "boss")
    await stack.drain()

    assert await _status(stack, rule.id) == "approved"
    said = [n.body for n in stack.gitlab.notes_on(PROJECT, "Issue", issue)
            if n.author == "smith-bot"]
    assert any("@guest" in body and "was not counted" in body for body in said)
    assert any("`approve-rule` needs maintain access" in body for body in said)
    assert any(f"Rule #{rule.id} approved by @boss" in body for body in said)


async def test_a_change_request_still_wins_and_a_campaign_has_no_issue(rules_stack: RulesStack):
    stack = rules_stack
    issue = stack.github.add_issue(REPO, title="average is wrong")
    pr = stack.github.add_pull(REPO, head="smith/fix-1")
    run = await _run(stack, "github", REPO, issue=issue)
    async with stack.db.transaction() as s:
        ids = [(await store.add_failure(s, forge="github", repo=REPO, step="implement",
                                        kind=kind, evidence="e", run_id=run,
                                        change_request_number=number)).id
               for kind, number in (("quality_red", None), ("review_comment", pr))]
        rule = await store.create_proposal(s, step="implement", text="Keep it small.",
                                           rationale="r", evidence_failure_ids=ids,
                                           forge="github", repo=REPO)
    posted = await _post(stack, rule)
    assert (posted.proposal_ref["item_kind"], posted.proposal_ref["item_number"]) == (
        "change_request", pr)

    campaign = [await _run(stack, "github", REPO, issue=None, subject="campaign",
                           key=f"tests:coverage-{n}") for n in range(2)]
    unposted = await _post(stack, await _proposal(stack, "github", REPO, campaign))
    assert "no issue its runs reported on" in unposted.proposal_ref["unposted"]

"""Maintainers decide rule proposals on the forge: reactions (GitHub by polling, GitLab by
webhook) and `/smith approve-rule` / `reject-rule` replies; nobody else's vote counts."""

from __future__ import annotations

from bot.rules.config import RulesSettings
from bot.rules.posting import post_proposal
from bot.rules.votes import poll_reactions
from bot.store import rules as store
from bot.store.models import Rule
from tests.rules.conftest import PROJECT, REPO, RulesStack

RULE = "Compare with None explicitly when 0 is a valid value."


async def _proposal(stack: RulesStack, forge: str, number: int, *, text: str = RULE,
                    step: str = "implement", scoped: bool = True) -> Rule:
    """A stored proposal with two failures on change request `number`, posted by Smith."""
    repo = REPO if forge == "github" else PROJECT
    async with stack.db.transaction() as s:
        ids = [(await store.add_failure(s, forge=forge, repo=repo, step=step, kind="red",
                                        evidence=f"story {n}", change_request_number=number)).id
               for n in range(2)]
        rule = await store.create_proposal(s, step=step, text=text, rationale="Zero is valid.",
                                           evidence_failure_ids=ids,
                                           forge=forge if scoped else None,
                                           repo=repo if scoped else None)
    outcome = await post_proposal(stack.runtime, rule, RulesSettings.from_settings(stack.settings))
    assert outcome.posted, outcome.detail
    return await _rule(stack, rule.id)


async def _rule(stack: RulesStack, rule_id: int) -> Rule:
    async with stack.db.transaction() as s:
        return await store.get_rule(s, rule_id)


async def _active(stack: RulesStack, forge: str, repo: str, step: str = "implement") -> list[str]:
    async with stack.db.transaction() as s:
        return await store.active_rules(s, forge=forge, repo=repo, step=step)


def _smith_said_github(stack: RulesStack, number: int) -> list[str]:
    return [c.body for c in stack.github.comments_on(REPO, number) if c.user == "smith-bot"]


def _smith_said_gitlab(stack: RulesStack, iid: int) -> list[str]:
    return [n.body for n in stack.gitlab.notes_on(PROJECT, "MergeRequest", iid)
            if n.author == "smith-bot"]


async def test_github_maintainer_thumbs_up_found_by_polling_activates_the_rule(
    rules_stack: RulesStack,
):
    stack = rules_stack
    pr = stack.github.add_pull(REPO, head="smith/fix-1")
    rule = await _proposal(stack, "github", pr)
    assert await _active(stack, "github", REPO) == []  # a proposal never reaches a prompt

    stack.github.add_reaction(rule.proposal_ref["comment_id"], "+1", "boss")
    result = await poll_reactions(stack.runtime)

    assert result.approved == [rule.id]
    decided = await _rule(stack, rule.id)
    assert (decided.status, decided.decided_by) == ("approved", "boss")
    assert decided.decided_at is not None
    assert await _active(stack, "github", REPO) == [RULE]
    assert await _active(stack, "github", REPO, step="diagnose") == []
    assert await _active(stack, "gitlab", PROJECT) == []
    assert any(f"Rule #{rule.id} approved by @boss" in body
               for body in _smith_said_github(stack, pr))
    again = await poll_reactions(stack.runtime)  # decided: nothing left to read
    assert again.proposals == 0


async def test_github_vote_without_permission_changes_nothing_and_is_answered_once(
    rules_stack: RulesStack,
):
    stack = rules_stack
    pr = stack.github.add_pull(REPO, head="smith/fix-1")
    rule = await _proposal(stack, "github", pr)
    comment_id = rule.proposal_ref["comment_id"]
    stack.github.add_reaction(comment_id, "+1", "reader")
    stack.github.add_reaction(comment_id, "heart", "writer")

    first = await poll_reactions(stack.runtime)
    second = await poll_reactions(stack.runtime)

    assert first.told == [(rule.id, "reader")] and second.told == []
    assert (await _rule(stack, rule.id)).status == "proposed"
    assert await _active(stack, "github", REPO) == []
    told = [b for b in _smith_said_github(stack, pr) if "was not counted" in b]
    assert len(told) == 1 and "@reader" in told[0] and "maintain access" in told[0]

    stack.github.add_reaction(comment_id, "-1", "boss")
    third = await poll_reactions(stack.runtime)
    assert third.rejected == [rule.id]
    assert (await _rule(stack, rule.id)).status == "rejected"
    assert await _active(stack, "github", REPO) == []


async def test_github_commands_on_the_change_request_need_a_maintainer(rules_stack: RulesStack):
    stack = rules_stack
    pr = stack.github.add_pull(REPO, head="smith/fix-1")
    rule = await _proposal(stack, "github", pr)

    await stack.github.comment(REPO, pr, "/smith reject-rule", actor="writer")
    await stack.drain()
    assert (await _rule(stack, rule.id)).status == "proposed"
    assert any("`reject-rule` needs maintain access" in b for b in _smith_said_github(stack, pr))

    await stack.github.comment(REPO, pr, "/smith reject-rule", actor="boss")
    await stack.drain()
    decided = await _rule(stack, rule.id)
    assert (decided.status, decided.decided_by) == ("rejected", "boss")
    assert any(f"Rule #{rule.id} rejected by @boss" in b for b in _smith_said_github(stack, pr))

    await stack.github.comment(REPO, pr, f"/smith approve-rule {rule.id}", actor="boss")
    await stack.drain()  # a maintainer may change their mind by naming the rule
    assert (await _rule(stack, rule.id)).status == "approved"


async def test_gitlab_approve_rule_reply_in_the_discussion_activates_the_rule(
    rules_stack: RulesStack,
):
    stack = rules_stack
    mr = stack.gitlab.add_merge_request(PROJECT, source_branch="smith/fix-1")
    rule = await _proposal(stack, "gitlab", mr, step="diagnose",
                           text="Name the place where the bad value is made, not the crash site.")
    discussion = rule.proposal_ref["thread_id"]
    assert stack.gitlab.state.discussions[discussion].individual_note is False

    await stack.gitlab.comment(PROJECT, "MergeRequest", mr, "/smith approve-rule", "dev",
                               discussion_id=discussion)
    await stack.drain()
    assert (await _rule(stack, rule.id)).status == "proposed"

    await stack.gitlab.comment(PROJECT, "MergeRequest", mr, "/smith approve-rule", "boss",
                               discussion_id=discussion)
    await stack.drain()

    decided = await _rule(stack, rule.id)
    assert (decided.status, decided.decided_by) == ("approved", "boss")
    assert await _active(stack, "gitlab", PROJECT, step="diagnose") == [decided.text]
    assert await _active(stack, "github", PROJECT, step="diagnose") == []
    replies = [stack.gitlab.state.notes[i] for i in
               stack.gitlab.state.discussions[discussion].note_ids]
    assert any(n.author == "smith-bot" and f"Rule #{rule.id} approved by @boss" in n.body
               for n in replies)
    assert any(n.author == "smith-bot" and "needs maintain access" in n.body for n in replies)


async def test_gitlab_emoji_votes_arrive_by_webhook(rules_stack: RulesStack):
    stack = rules_stack
    mr = stack.gitlab.add_merge_request(PROJECT, source_branch="smith/fix-1")
    rule = await _proposal(stack, "gitlab", mr, scoped=False)
    note = rule.proposal_ref["comment_id"]

    await stack.gitlab.award_emoji(PROJECT, note, "thumbsup", "guest")
    await stack.gitlab.award_emoji(PROJECT, note, "thumbsdown", "guest")
    await stack.drain()
    assert (await _rule(stack, rule.id)).status == "proposed"
    told = [b for b in _smith_said_gitlab(stack, mr) if "was not counted" in b]
    assert len(told) == 1 and "@guest" in told[0]
    polled = await poll_reactions(stack.runtime)  # the poll reads the same awards: no news
    assert (polled.proposals, polled.told, polled.approved) == (1, [], [])
    assert len([b for b in _smith_said_gitlab(stack, mr) if "was not counted" in b]) == 1

    await stack.gitlab.award_emoji(PROJECT, note, "thumbsup", "boss")
    await stack.drain()
    decided = await _rule(stack, rule.id)
    # A global proposal approved by this project's maintainer applies to this project only.
    assert (decided.status, decided.forge, decided.repo) == ("approved", "gitlab", PROJECT)
    assert await _active(stack, "gitlab", PROJECT) == [RULE]
    assert await _active(stack, "gitlab", "group/other") == []


async def test_a_command_must_say_which_of_several_proposals_and_stay_in_its_repository(
    rules_stack: RulesStack,
):
    stack = rules_stack
    mr = stack.gitlab.add_merge_request(PROJECT, source_branch="smith/fix-1")
    first = await _proposal(stack, "gitlab", mr)
    second = await _proposal(stack, "gitlab", mr, text="Keep the fix to the lines the bug needs.")
    pr = stack.github.add_pull(REPO, head="smith/fix-9")
    elsewhere = await _proposal(stack, "github", pr, text="Read the caller before editing it.")

    await stack.gitlab.comment(PROJECT, "MergeRequest", mr, "/smith approve-rule", "boss")
    await stack.gitlab.comment(PROJECT, "MergeRequest", mr,
                               f"/smith approve-rule {elsewhere.id}", "boss")
    await stack.gitlab.comment(PROJECT, "MergeRequest", mr, f"/smith reject-rule #{second.id}",
                               "boss")
    await stack.drain()

    said = _smith_said_gitlab(stack, mr)
    assert any(f"Several rule proposals wait here (#{first.id}, #{second.id})" in b for b in said)
    assert any(f"Rule #{elsewhere.id} was not proposed in this repository" in b for b in said)
    assert (await _rule(stack, first.id)).status == "proposed"
    assert (await _rule(stack, elsewhere.id)).status == "proposed"
    assert (await _rule(stack, second.id)).status == "rejected"

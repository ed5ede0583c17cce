"""Reviewers' comments on Smith's change requests become failure stories for the miner."""

from __future__ import annotations

from sqlalchemy import select

from bot.store import rules as store
from bot.store.models import Failure, Run
from tests.rules.conftest import PROJECT, REPO, RulesStack

STORY = "This drops a valid zero quantity; compare with None instead of truthiness."


async def _smith_run(stack: RulesStack, forge: str, repo: str, change_request: int) -> int:
    async with stack.db.transaction() as s:
        run = Run(forge=forge, repo=repo, issue_number=1, chain="fix", status="succeeded",
                  params={}, change_request_number=change_request)
        s.add(run)
        await s.flush()
        return run.id


async def _failures(stack: RulesStack) -> list[Failure]:
    async with stack.db.transaction() as s:
        return list((await s.execute(select(Failure).order_by(Failure.id))).scalars())


async def test_github_review_comments_on_smiths_pull_request_are_stored(rules_stack: RulesStack):
    stack = rules_stack
    smiths = stack.github.add_pull(REPO, head="smith/fix-1", author="smith-bot")
    someone_elses = stack.github.add_pull(REPO, head="feature/x")
    run_id = await _smith_run(stack, "github", REPO, smiths)

    await stack.github.review_comment(REPO, smiths, STORY, actor="boss")
    await stack.github.submit_review(REPO, smiths, "boss", state="changes_requested",
                                     body="Please also cover the negative quantity case.")
    await stack.github.submit_review(REPO, smiths, "boss", state="approved",
                                     body="Looks right to me, merging soon.")
    await stack.github.comment(REPO, smiths, "LGTM", actor="writer")
    await stack.github.comment(REPO, smiths, "/smith status", actor="writer")
    await stack.github.comment(REPO, smiths, "Smith's own words are never a story.",
                               actor="smith-bot")
    await stack.github.review_comment(REPO, someone_elses, STORY, actor="boss")
    await stack.drain()

    stored = await _failures(stack)
    assert [(f.kind, f.evidence, f.change_request_number, f.run_id, f.step) for f in stored] == [
        ("review_comment", STORY, smiths, run_id, "implement"),
        ("changes_requested", "Please also cover the negative quantity case.", smiths, run_id,
         "implement"),
    ]
    assert stored[0].source_url and str(smiths) in stored[0].source_url


async def test_gitlab_talk_in_a_proposal_thread_is_not_a_story(rules_stack: RulesStack):
    stack = rules_stack
    mr = stack.gitlab.add_merge_request(PROJECT, source_branch="smith/fix-1", author="smith-bot")
    await _smith_run(stack, "gitlab", PROJECT, mr)
    async with stack.db.transaction() as s:
        rule = await store.create_proposal(s, step="implement", text="Compare with None.",
                                           rationale="r", evidence_failure_ids=[], forge="gitlab",
                                           repo=PROJECT)
        await store.set_proposal_ref(s, rule.id, forge="gitlab", repo=PROJECT,
                                     item_kind="change_request", item_number=mr,
                                     thread_id="d" * 40, comment_id=1)
    stack.gitlab.add_note(PROJECT, "MergeRequest", mr, "proposal", "smith-bot",
                          start_thread=True)
    thread = next(iter(stack.gitlab.state.discussions))
    async with stack.db.transaction() as s:
        await store.set_proposal_ref(s, rule.id, thread_id=thread)

    await stack.gitlab.comment(PROJECT, "MergeRequest", mr,
                               "I am not sure this rule fits our codebase.", "dev",
                               discussion_id=thread)
    await stack.gitlab.comment(PROJECT, "MergeRequest", mr, STORY, "dev")
    await stack.drain()

    assert [(f.forge, f.evidence) for f in await _failures(stack)] == [("gitlab", STORY)]

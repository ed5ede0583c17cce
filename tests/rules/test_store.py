"""The rules store on the real database: only approved rules reach prompts, decisions are
recorded, failures a live rule cites are not mined again."""

from __future__ import annotations

import pytest

from bot.store import rules as store
from bot.store.db import Database


async def _failure(session, repo="octo/app", forge="github", step="implement", cr=None):
    return await store.add_failure(session, forge=forge, repo=repo, step=step, kind="quality_red",
                                   evidence=f"test failed in {repo}", change_request_number=cr)


async def test_active_rules_are_the_approved_ones_of_the_repo_and_the_global_ones(
    database: Database,
):
    async with database.transaction() as s:
        mine = await store.create_proposal(s, step="implement", text="Mine: check None.",
                                           rationale="r", evidence_failure_ids=[1, 2],
                                           forge="github", repo="octo/app")
        glob = await store.create_proposal(s, step="implement", text="Global: keep fixes small.",
                                           rationale="r", evidence_failure_ids=[3, 4],
                                           forge=None, repo=None)
        other = await store.create_proposal(s, step="implement", text="Other repo's rule.",
                                            rationale="r", evidence_failure_ids=[5, 6],
                                            forge="github", repo="octo/other")
        same_name_other_forge = await store.create_proposal(
            s, step="implement", text="Same path on GitLab.", rationale="r",
            evidence_failure_ids=[7, 8], forge="gitlab", repo="octo/app")
        other_step = await store.create_proposal(s, step="diagnose", text="Diagnose rule.",
                                                 rationale="r", evidence_failure_ids=[9, 10],
                                                 forge="github", repo="octo/app")
        await store.create_proposal(s, step="implement", text="Still pending.", rationale="r",
                                    evidence_failure_ids=[11, 12], forge="github",
                                    repo="octo/app")
        rejected = await store.create_proposal(s, step="implement", text="Rejected one.",
                                               rationale="r", evidence_failure_ids=[13, 14],
                                               forge="github", repo="octo/app")
        for rule in (mine, glob, other, same_name_other_forge, other_step):
            await store.approve_rule(s, rule.id, decided_by="boss")
        await store.reject_rule(s, rejected.id, decided_by="boss")

    async with database.transaction() as s:
        texts = await store.active_rules(s, forge="github", repo="octo/app", step="implement")
    assert texts == ["Mine: check None.", "Global: keep fixes small."]

    async with database.transaction() as s:
        await store.retire_rule(s, mine.id, decided_by="boss")
        assert await store.active_rules(s, forge="github", repo="octo/app",
                                        step="implement") == ["Global: keep fixes small."]
        assert await store.active_rules(s, forge="github", repo="octo/app",
                                        step="diagnose") == ["Diagnose rule."]


async def test_decisions_record_who_and_when_and_refuse_impossible_transitions(
    database: Database,
):
    async with database.transaction() as s:
        rule = await store.create_proposal(s, step="brt", text="Assert on values.", rationale="r",
                                           evidence_failure_ids=[1, 2], forge=None, repo=None)
    async with database.transaction() as s:
        with pytest.raises(store.InvalidTransition, match="is proposed"):
            await store.retire_rule(s, rule.id, decided_by="boss")
    async with database.transaction() as s:
        approved = await store.approve_rule(s, rule.id, decided_by="boss",
                                            scope=("gitlab", "group/app"))
        assert (approved.status, approved.decided_by) == ("approved", "boss")
        assert approved.decided_at is not None
        assert (approved.forge, approved.repo) == ("gitlab", "group/app")
    async with database.transaction() as s:
        with pytest.raises(store.InvalidTransition, match="decided by boss"):
            await store.reject_rule(s, rule.id, decided_by="someone")
        with pytest.raises(store.RuleNotFound, match="no rule with id 999"):
            await store.approve_rule(s, 999, decided_by="boss")


async def test_shell_approval_of_a_global_proposal_keeps_it_global(database: Database):
    async with database.transaction() as s:
        rule = await store.create_proposal(s, step="brt", text="Assert on values.", rationale="r",
                                           evidence_failure_ids=[1, 2], forge=None, repo=None)
        approved = await store.approve_rule(s, rule.id, decided_by="shell:me")
        assert (approved.forge, approved.repo) == (None, None)
        assert await store.active_rules(s, forge="gitlab", repo="any/thing",
                                        step="brt") == ["Assert on values."]


async def test_recent_failures_skip_those_cited_by_pending_or_approved_rules(database: Database):
    async with database.transaction() as s:
        f = [await _failure(s, cr=n) for n in range(1, 7)]
        other_repo = await _failure(s, repo="octo/other")
        pending = await store.create_proposal(s, step="implement", text="Pending.", rationale="r",
                                              evidence_failure_ids=[f[0].id, f[1].id],
                                              forge="github", repo="octo/app")
        approved = await store.create_proposal(s, step="implement", text="Approved.",
                                               rationale="r",
                                               evidence_failure_ids=[f[2].id, f[3].id],
                                               forge="github", repo="octo/app")
        rejected = await store.create_proposal(s, step="implement", text="Rejected.",
                                               rationale="r",
                                               evidence_failure_ids=[f[4].id, f[5].id],
                                               forge="github", repo="octo/app")
        await store.approve_rule(s, approved.id, decided_by="boss")
        await store.reject_rule(s, rejected.id, decided_by="boss")
        assert pending.status == "proposed"
    async with database.transaction() as s:
        fresh = await store.recent_failures(s)
        assert {x.id for x in fresh} == {f[4].id, f[5].id, other_repo.id}
        assert fresh[0].id == other_repo.id  # newest first
        in_repo = await store.recent_failures(s, repo="octo/app")
        assert {x.id for x in in_repo} == {f[4].id, f[5].id}
        everything = await store.recent_failures(s, include_used=True, limit=3)
        assert len(everything) == 3


async def test_proposal_lookups_and_telling_a_voter_once(database: Database):
    async with database.transaction() as s:
        a = await store.create_proposal(s, step="judge", text="A rule.", rationale="r",
                                        evidence_failure_ids=[1, 2], forge=None, repo=None)
        b = await store.create_proposal(s, step="judge", text="B rule.", rationale="r",
                                        evidence_failure_ids=[3, 4], forge=None, repo=None)
        for rule, comment, thread in ((a, 501, "conversation:501"), (b, 502, "abc")):
            await store.set_proposal_ref(s, rule.id, forge="github", repo="octo/app",
                                         item_kind="change_request", item_number=7,
                                         thread_id=thread, comment_id=comment)
    async with database.transaction() as s:
        found = await store.proposal_for_comment(s, forge="github", repo="octo/app",
                                                 comment_id=502)
        assert found is not None and found.id == b.id
        assert await store.proposal_for_comment(s, forge="github", repo="octo/other",
                                                comment_id=502) is None
        by_thread = await store.proposal_for_thread(s, forge="github", repo="octo/app",
                                                    thread_id="conversation:501")
        assert by_thread is not None and by_thread.id == a.id
        pending = await store.pending_proposals_on_item(s, forge="github", repo="octo/app",
                                                        item_kind="change_request",
                                                        item_number=7)
        assert [r.id for r in pending] == [a.id, b.id]
        assert await store.remember_told(s, a.id, "Reader") is True
        assert await store.remember_told(s, a.id, "reader") is False
        assert await store.remember_told(s, b.id, "reader") is True
        assert [r.id for r in await store.posted_pending_proposals(s)] == [a.id, b.id]
        assert await store.unposted_proposals(s) == []

"""Spending caps and access lists through the service's own path: a signed webhook, the
event job, the run job and the engine, against the fake forges and the scripted model."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest
from pydantic import SecretStr
from sqlalchemy import update

from bot.budgets.resume import resume_capped_runs
from bot.config import AccessSettings, BudgetSettings, NoticeHook, NoticeSettings, PeriodCaps
from bot.store.models import ModelCall
from bot.store.runs import create_run
from bot.store.steps import record_model_call
from tests.e2e import script
from tests.e2e.buggy_repo import push_files
from tests.e2e.conftest import E2E
from tests.fakes.notice_receiver import FakeNoticeReceiver

pytestmark = pytest.mark.e2e

SMALL_DAY_CAP = BudgetSettings(repository=PeriodCaps(day_usd=0.50))


async def _spent_earlier_today(e2e: E2E, usd: float, tokens: int = 40_000) -> None:
    """An earlier run of the same repository that spent `usd` today (its model call rows)."""
    async with e2e.db.transaction() as session:
        earlier = await create_run(session, forge=e2e.forge_name, repo=e2e.repo_name,
                                   issue=e2e.issue + 100, chain="fix", summoned_by="maintainer")
        assert earlier is not None
        earlier.status = "succeeded"
        await record_model_call(session, earlier.id, step="implement", model="claude-sonnet-5-5",
                                input_tokens=tokens, output_tokens=0, cost_usd=usd)


@pytest.mark.e2e_settings(budgets=SMALL_DAY_CAP)
async def test_a_small_daily_cap_pauses_the_next_run_until_it_resets(e2e: E2E):
    await _spent_earlier_today(e2e, usd=0.60)
    script.happy_path(e2e.model)
    async with FakeNoticeReceiver(secret="hook-key") as receiver:
        e2e.settings.notices = NoticeSettings(hooks=[NoticeHook(
            name="ops", url=SecretStr(receiver.url), secret=SecretStr("hook-key"))])
        await e2e.summon()
        await e2e.drain()
    run = (await e2e.runs())[-1]
    assert (run.status, run.outcome) == ("paused", "spending_cap"), run.reason
    assert "daily dollar cap" in run.reason and "$0.50" in run.reason
    assert e2e.model.requests == []  # nothing was asked of the model
    [paused] = [c for c in e2e.issue_comments() if "Smith paused" in c]
    assert "resets" in paused and "by itself" in paused and "/smith cancel" in paused
    assert e2e.final_comments() == [] and "smith:failed" not in e2e.labels()
    # The operator hears of it too, signed: the cap was past 80 % (once).
    assert [n.event for n in receiver.received] == ["budget_near_cap"]
    assert all(n.signed for n in receiver.received)
    # Nothing wakes it before the reset ...
    assert await resume_capped_runs(e2e.db) == []
    # ... and after it (the earlier spending is yesterday's now) the run goes on to its end.
    async with e2e.db.transaction() as session:
        await session.execute(update(ModelCall).values(
            created_at=datetime.now(UTC) - timedelta(days=1)))
    assert await resume_capped_runs(e2e.db, now=datetime.now(UTC) + timedelta(days=1)) == [
        run.id]
    await e2e.drain()
    run = (await e2e.runs())[-1]
    assert (run.status, run.outcome) == ("succeeded", "change_request"), run.reason
    assert e2e.assert_one_final_ending().startswith("Smith opened ")


@pytest.mark.parametrize("forge_name", ["github"])
@pytest.mark.e2e_settings(budgets=BudgetSettings(installation=PeriodCaps(day_tokens=3000)))
async def test_a_request_that_could_cross_the_cap_is_never_sent(e2e: E2E):
    # Nothing is spent yet, so the run starts; its first request could take more tokens than
    # the day has left, so the ledger stops it before sending.
    script.happy_path(e2e.model)
    await e2e.summon()
    await e2e.drain()
    [run] = await e2e.runs()
    assert (run.status, run.outcome) == ("paused", "spending_cap"), run.reason
    assert "daily token cap of this installation" in run.reason
    assert e2e.model.requests == []
    [paused] = [c for c in e2e.issue_comments() if "Smith paused" in c]
    assert "before its first model request" in paused


@pytest.mark.parametrize("forge_name", ["github"])
@pytest.mark.e2e_settings(budgets=BudgetSettings(repository=PeriodCaps(day_usd=1000)))
async def test_the_repositorys_own_cap_tightens_the_operators(e2e: E2E):
    push_files(e2e.bare, {".smith.yml": "budgets:\n  day_usd: 0.25\n"}, "tighten")
    await _spent_earlier_today(e2e, usd=0.30)
    script.happy_path(e2e.model)
    await e2e.summon()
    await e2e.drain()
    run = (await e2e.runs())[-1]
    # The operator's $1000 would allow it; the repository's own $0.25 stops it after PREPARE.
    assert (run.status, run.outcome) == ("paused", "spending_cap"), run.reason
    assert "($0.25)" in run.reason
    assert e2e.model.requests == []


@pytest.mark.parametrize("forge_name", ["github"])
@pytest.mark.e2e_settings(access=AccessSettings(deny=["octo"]))
async def test_a_summons_in_a_denied_repository_is_answered_and_starts_nothing(e2e: E2E):
    await e2e.summon()
    await e2e.drain()
    assert await e2e.runs() == []
    [answer] = e2e.issue_comments()
    assert "not enabled" in answer and "deny-list" in answer


@pytest.mark.parametrize("forge_name", ["github"])
@pytest.mark.e2e_settings(budgets=SMALL_DAY_CAP)
async def test_approving_a_capped_run_lets_it_go_on_but_approves_no_gate(e2e: E2E):
    await _spent_earlier_today(e2e, usd=0.60)
    script.understanding(e2e.model, estimate=script.ESTIMATE_BIG)
    await e2e.summon()
    await e2e.drain()
    assert ((await e2e.runs())[-1].status, (await e2e.runs())[-1].outcome) == (
        "paused", "spending_cap")
    e2e.settings.budgets = BudgetSettings(repository=PeriodCaps(day_usd=100))  # raised
    await e2e.comment("/smith approve", actor="maintainer")
    await e2e.drain()
    run = (await e2e.runs())[-1]
    # It went on, and the estimate gate still asked for its own approval.
    assert (run.status, run.outcome) == ("paused", "awaiting_approval"), run.reason
    assert any("go on now, before its spending cap resets" in c for c in e2e.issue_comments())

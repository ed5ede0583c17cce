"""`RunStore`: PostgreSQL (bot/engine/run_store.py) and the in-memory store the engine's tests
walk on (tests/fakes/run_store.py) keep the same promises, checked here on both.

These are the promises the engine's behaviours rest on: a claim raises the lease and closes
what a dead executor left open, budgets count what spent them, a checkpoint and the newest
artifacts and diff come back to a resumed run, and a lease taken over refuses every write.
"""

from __future__ import annotations

from collections.abc import AsyncIterator, Awaitable, Callable
from dataclasses import dataclass
from typing import Any

import pytest
from sqlalchemy import update

from bot.engine.records import FailureStory
from bot.engine.run_store import Finished, PostgresRunStore, RunStore
from bot.forge.base import RepoRef
from bot.store.db import Database
from bot.store.lease import Lease, LeaseLost
from bot.store.models import Run
from bot.store.runs import create_run
from bot.workspace.trajectory import TrajectoryEvent
from tests.fakes.run_store import MemoryRunStore

REPO = RepoRef("github", "octo/toy")


@dataclass
class Side:
    store: RunStore
    new_run: Callable[[], Awaitable[int]]
    change: Callable[..., Awaitable[None]]


def _memory() -> Side:
    store = MemoryRunStore()

    async def new_run() -> int:
        return store.new_run(repo=REPO.full_name, issue=1)

    async def change(run_id: int, **values: Any) -> None:
        store.change(run_id, **values)

    return Side(store, new_run, change)


def _postgres(database: Database) -> Side:
    async def new_run() -> int:
        async with database.transaction() as session:
            run = await create_run(session, forge=REPO.forge, repo=REPO.full_name, issue=1,
                                   chain="toy", summoned_by="dev")
            return run.id

    async def change(run_id: int, **values: Any) -> None:
        async with database.transaction() as session:
            await session.execute(update(Run).where(Run.id == run_id).values(**values))

    return Side(PostgresRunStore(database), new_run, change)


@pytest.fixture(params=["memory", "postgres"])
async def side(request: pytest.FixtureRequest) -> AsyncIterator[Side]:
    if request.param == "memory":
        yield _memory()
        return
    database = Database(request.getfixturevalue("database_url"), pool_size=2)
    try:
        yield _postgres(database)
    finally:
        await database.dispose()


async def claimed(side: Side) -> tuple[int, Lease]:
    """A new run, claimed: its id and the executor's lease."""
    run_id = await side.new_run()
    claim = await side.store.claim(run_id)
    assert claim is not None
    return run_id, claim.lease


def done(status: str = "passed", **values: Any) -> Finished:
    return Finished(status=status, summary=f"{status} summary", **values)


async def test_both_implement_the_protocol(side: Side) -> None:
    assert isinstance(side.store, RunStore)


async def test_a_claim_raises_the_lease_and_only_a_live_run_is_claimed(side: Side) -> None:
    run_id = await side.new_run()
    first = await side.store.claim(run_id)
    second = await side.store.claim(run_id)
    assert first is not None and second is not None
    assert second.lease.token == first.lease.token + 1
    assert second.run.status == "running" and second.run.started_at is not None
    assert (second.resume_at, second.artifacts, second.diff, second.seq) == (None, {}, None, 0)

    await side.change(run_id, status="succeeded")
    assert await side.store.claim(run_id) is None
    assert await side.store.claim(run_id + 100) is None


async def test_budgets_count_finished_tries_and_items_apart(side: Side) -> None:
    run_id, lease = await claimed(side)
    fence = lease
    begun = await side.store.begin_step(run_id, "write", budget=2, fence=fence)
    assert begun.tries == 0 and begun.step_id is not None
    assert (await side.store.run(run_id)).current_step == "write"  # type: ignore[union-attr]
    await side.store.finish_step(run_id, begun.step_id, done("rejected"), fence=fence)
    again = await side.store.begin_step(run_id, "write", budget=2, fence=fence)
    assert again.step_id is not None
    await side.store.finish_step(run_id, again.step_id, done("environment"), fence=fence)
    third = await side.store.begin_step(run_id, "write", budget=2, fence=fence)
    assert third.tries == 1 and third.step_id is not None  # environment trouble is no try
    await side.store.finish_step(run_id, third.step_id, done(), fence=fence)

    spent = await side.store.begin_step(run_id, "write", budget=2, fence=fence)
    assert (spent.tries, spent.step_id) == (2, None)  # out of budget: no row opened
    item = await side.store.begin_step(run_id, "write", item="a.py", budget=2, fence=fence)
    assert item.tries == 0 and item.step_id is not None  # an item's tries are its own
    assert (await side.store.run(run_id)).current_step == "write"  # type: ignore[union-attr]

    rows = await side.store.step_rows(run_id)
    assert [(r.name, r.item, r.status, r.attempt) for r in rows] == [
        ("write", None, "rejected", 1), ("write", None, "environment", 2),
        ("write", None, "passed", 3), ("write", "a.py", "running", 1)]
    assert await side.store.records(fence).executions(run_id, "write") == 2


async def test_a_finished_step_keeps_its_verdict_usage_and_the_checkpoint(side: Side) -> None:
    run_id, lease = await claimed(side)
    begun = await side.store.begin_step(run_id, "check", fence=lease)
    assert begun.step_id is not None
    await side.store.finish_step(run_id, begun.step_id, done(
        "rejected", verdict="gate_mutation", input_tokens=10, output_tokens=5, cost_usd=0.5,
        duration_ms=7), checkpoint="write", fence=lease)

    [row] = await side.store.step_rows(run_id)
    assert (row.status, row.verdict, row.input_tokens, row.output_tokens, row.duration_ms) == (
        "rejected", "gate_mutation", 10, 5, 7)
    run = await side.store.run(run_id)
    assert run is not None
    assert (run.current_step, run.input_tokens, run.output_tokens, run.cost_usd) == (
        "write", 10, 5, 0.5)


async def test_a_resumed_run_gets_the_checkpoint_newest_artifacts_diff_and_sequence(
    side: Side,
) -> None:
    run_id, lease = await claimed(side)
    fence = lease
    for name, finished in (("write", done(artifact={"n": 1}, diff="diff 1")),
                           ("write", done(artifact={"n": 2}, diff="diff 2")),
                           ("check", done("environment", artifact={"lost": True}))):
        begun = await side.store.begin_step(run_id, name, fence=fence)
        assert begun.step_id is not None
        await side.store.finish_step(run_id, begun.step_id, finished, checkpoint="check",
                                     fence=fence)
    looped = await side.store.begin_step(run_id, "loop", item="a.py", fence=fence)
    assert looped.step_id is not None
    await side.store.finish_step(run_id, looped.step_id, done(artifact={"item": True}),
                                 fence=fence)
    records = side.store.records(fence)
    for seq in (1, 2):
        await records.record_event(run_id, TrajectoryEvent(
            seq=seq, step="write", actor="agent", tool="edit_file", args={}, ok=True))
    left_open = await side.store.begin_step(run_id, "check", fence=fence)  # a crash here

    resumed = await side.store.claim(run_id)
    assert resumed is not None
    assert resumed.resume_at == "check"
    assert resumed.artifacts == {"write": {"n": 2}}  # no environment row's, no item's
    assert (resumed.diff, resumed.seq) == ("diff 2", 2)
    rows = await side.store.step_rows(run_id)
    [closed] = [r for r in rows if r.id == left_open.step_id]
    assert (closed.status, closed.summary) == ("environment", "interrupted")


async def test_a_lease_taken_over_refuses_every_write_of_the_old_executor(side: Side) -> None:
    run_id = await side.new_run()
    old = await side.store.claim(run_id)
    assert old is not None
    begun = await side.store.begin_step(run_id, "write", fence=old.lease)
    assert begun.step_id is not None
    new = await side.store.claim(run_id)  # the stalled job's rescue
    assert new is not None

    with pytest.raises(LeaseLost):
        await side.store.check_lease(old.lease, "a forge call")
    with pytest.raises(LeaseLost):
        await side.store.finish_step(run_id, begun.step_id, done(), fence=old.lease)
    with pytest.raises(LeaseLost):
        await side.store.begin_step(run_id, "check", fence=old.lease)
    with pytest.raises(LeaseLost):
        await side.store.set_status_comment(run_id, 99, fence=old.lease)
    with pytest.raises(LeaseLost):
        await side.store.records(old.lease).update_run(run_id, {"status": "failed"})
    with pytest.raises(LeaseLost):
        await side.store.records(old.lease).record_failure(FailureStory(
            repo=REPO, run_id=run_id, step="write", kind="rejected", evidence="late"))
    await side.store.fail_open_steps(run_id, fence=old.lease)  # quietly nothing

    await side.store.check_lease(new.lease, "a forge call")
    await side.store.set_status_comment(run_id, 42, fence=new.lease)
    run = await side.store.run(run_id)
    assert run is not None and (run.status, run.status_comment_id) == ("running", 42)
    assert [r.status for r in await side.store.step_rows(run_id)] == ["environment"]


async def test_an_ending_fails_the_open_steps_and_a_cancel_is_read_back(side: Side) -> None:
    run_id, lease = await claimed(side)
    await side.store.begin_step(run_id, "write", fence=lease)
    await side.change(run_id, cancel_requested=True, reason="cancelled by @boss")

    await side.store.fail_open_steps(run_id, fence=lease)

    [row] = await side.store.step_rows(run_id)
    assert (row.status, row.verdict, row.summary) == ("failed", "failed",
                                                      "stopped: the run ended")
    run = await side.store.run(run_id)
    assert run is not None and run.cancel_requested and run.reason == "cancelled by @boss"


async def test_the_engines_records_keep_the_kinds_of_the_stories_told(side: Side) -> None:
    run_id, lease = await claimed(side)
    records = side.store.records(lease)
    await records.record_failure(FailureStory(repo=REPO, run_id=run_id, step="check",
                                              kind="quality_red", evidence="red"))
    assert getattr(records, "told", None) == ["quality_red"]

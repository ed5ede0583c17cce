"""The run lease on the real schema: a claim raises the token, every fenced write of an older
token is refused in its own statement, and a claim waits for a write in flight (so the next
executor reads what the last one wrote and never reuses its trajectory numbers)."""

from __future__ import annotations

import asyncio

import pytest

from bot.store.db import Database
from bot.store.lease import Lease, LeaseLost, check_lease, claim_run
from bot.store.runs import create_run, get_run, update_run
from bot.store.steps import finish_step, record_failure, record_trajectory, start_step
from bot.store.trajectory import last_seq


async def _run(database: Database) -> int:
    async with database.transaction() as session:
        run = await create_run(session, forge="github", repo="o/r", summoned_by="t", issue=7,
                               chain="fix")
        assert run is not None
        return run.id


async def _claim(database: Database, run_id: int) -> Lease:
    async with database.transaction() as session:
        return await claim_run(session, run_id)


async def test_a_newer_claim_fences_every_write_of_the_older(database: Database):
    run_id = await _run(database)
    first = await _claim(database, run_id)
    second = await _claim(database, run_id)
    assert (first.token, second.token) == (1, 2)

    async with database.transaction() as session:  # the old executor's step, started in time
        step = await start_step(session, run_id, "implement")
    refused = [
        lambda s: update_run(s, run_id, fence=first, status="failed", outcome="internal_error"),
        lambda s: start_step(s, run_id, "publish", fence=first),
        lambda s: record_trajectory(s, run_id, fence=first, seq=1, step="implement",
                                    actor="agent", tool="edit_file", args={}, ok=True,
                                    detail=""),
        lambda s: finish_step(s, step.id, status="passed", summary="", artifact=None, diff=None,
                              input_tokens=0, output_tokens=0, cost_usd=0.0, duration_ms=1,
                              fence=first),
        lambda s: record_failure(s, fence=first, forge="github", repo="o/r", run_id=run_id,
                                 step="implement", kind="quality_red", evidence="x"),
        lambda s: check_lease(s, first, "a forge call"),
    ]
    for write in refused:
        with pytest.raises(LeaseLost):
            async with database.transaction() as session:
                await write(session)

    async with database.transaction() as session:  # the current token writes
        await record_trajectory(session, run_id, fence=second, seq=1, step="implement",
                                actor="agent", tool="edit_file", args={"path": "a.py"},
                                ok=True, detail="")
        await update_run(session, run_id, fence=second, status="succeeded")
        await finish_step(session, step.id, status="passed", summary="", artifact=None,
                          diff=None, input_tokens=0, output_tokens=0, cost_usd=0.0,
                          duration_ms=1, fence=second)
        assert await last_seq(session, run_id) == 1
        run = await get_run(session, run_id)
        assert run is not None and run.status == "succeeded" and run.lease == 2


async def test_a_claim_waits_for_the_write_in_flight(database: Database):
    run_id = await _run(database)
    first = await _claim(database, run_id)
    writing = asyncio.Event()
    finish = asyncio.Event()

    async def old_executor() -> None:
        async with database.transaction() as session:
            await record_trajectory(session, run_id, fence=first, seq=1, step="diagnose",
                                    actor="agent", tool="read_file", args={}, ok=True,
                                    detail="")
            writing.set()
            await finish.wait()  # still in its transaction

    async def new_executor() -> tuple[Lease, int]:
        async with database.transaction() as session:
            lease = await claim_run(session, run_id)
        async with database.transaction() as session:
            return lease, await last_seq(session, run_id)

    old = asyncio.create_task(old_executor())
    await writing.wait()
    new = asyncio.create_task(new_executor())
    await asyncio.sleep(0.5)
    assert not new.done()  # the claim waits for the old executor's transaction
    finish.set()
    await old
    lease, seq = await asyncio.wait_for(new, 10)
    assert lease.token == 2 and seq == 1  # it sees the old write: its next number is 2

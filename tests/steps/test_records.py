"""`RunRecords`: the store's implementation (Postgres) and the in-memory one the step tests use
keep the same promises, so a step tested on the fake behaves the same on the store."""

from __future__ import annotations

from collections.abc import AsyncIterator, Awaitable, Callable
from dataclasses import dataclass
from datetime import UTC, datetime

import pytest
from sqlalchemy import select

from bot.engine.records import MAX_EVIDENCE_CHARS, FailureStory, RunRecords, StoreRecords
from bot.forge.base import RepoRef
from bot.llm.ledger import TokenUsage, UsageRecord
from bot.store.db import Database
from bot.store.models import Failure, ModelCall, Rule
from bot.store.runs import create_run
from bot.store.steps import finish_step, start_step
from bot.workspace.trajectory import TrajectoryEvent
from tests.fakes.records import FakeRunRecords

REPO = RepoRef("github", "octo/calc")
OTHER = RepoRef("github", "octo/other")


@dataclass
class Side:
    """One implementation, with what a test needs to seed and read it outside the seam."""

    records: RunRecords
    run_id: int
    finish: Callable[[str, str], Awaitable[None]]
    approve: Callable[[str, str, RepoRef | None], Awaitable[None]]
    stories: Callable[[], Awaitable[list[tuple[str, str, str]]]]
    calls: Callable[[], Awaitable[list[tuple[str, int]]]]


async def _fake() -> Side:
    fake = FakeRunRecords()

    async def finish(step: str, status: str) -> None:
        fake.finished(1, step, status)

    async def approve(step: str, text: str, repo: RepoRef | None) -> None:
        fake.approve(step, text, repo=repo)

    async def stories() -> list[tuple[str, str, str]]:
        return [(s.step, s.kind, s.evidence) for s in fake.failures]

    async def calls() -> list[tuple[str, int]]:
        return [(r.step, r.usage.input_tokens) for _, r in fake.model_calls]

    return Side(fake, 1, finish, approve, stories, calls)


async def _store(database: Database) -> Side:
    async with database.transaction() as session:
        run = await create_run(session, forge=REPO.forge, repo=REPO.full_name, issue=1,
                               chain="fix", summoned_by="dev")
        run_id = run.id

    async def finish(step: str, status: str) -> None:
        async with database.transaction() as session:
            row = await start_step(session, run_id, step)
            await finish_step(session, row.id, status=status, summary="", artifact=None,
                              diff=None, input_tokens=0, output_tokens=0, cost_usd=0.0,
                              duration_ms=1)

    async def approve(step: str, text: str, repo: RepoRef | None) -> None:
        async with database.transaction() as session:
            session.add(Rule(step=step, text=text, status="approved",
                             forge=repo.forge if repo else None,
                             repo=repo.full_name if repo else None,
                             decided_by="maintainer", decided_at=datetime.now(UTC)))

    async def stories() -> list[tuple[str, str, str]]:
        async with database.transaction() as session:
            rows = (await session.execute(select(Failure).order_by(Failure.id))).scalars()
            return [(f.step, f.kind, f.evidence) for f in rows]

    async def calls() -> list[tuple[str, int]]:
        async with database.transaction() as session:
            rows = (await session.execute(select(ModelCall).order_by(ModelCall.id))).scalars()
            return [(c.step, c.input_tokens) for c in rows]

    return Side(StoreRecords(database), run_id, finish, approve, stories, calls)


@pytest.fixture(params=["memory", "store"])
async def side(request: pytest.FixtureRequest) -> AsyncIterator[Side]:
    if request.param == "memory":
        yield await _fake()
        return
    database = Database(request.getfixturevalue("database_url"), pool_size=2)
    try:
        yield await _store(database)
    finally:
        await database.dispose()


def event(seq: int, tool: str, *, actor: str = "agent", ok: bool = True) -> TrajectoryEvent:
    return TrajectoryEvent(seq=seq, step="implement", actor=actor, tool=tool,  # type: ignore[arg-type]
                           args={"path": "calc.py"}, ok=ok)


async def test_both_implement_the_protocol(side: Side) -> None:
    assert isinstance(side.records, RunRecords)


async def test_executions_count_finished_tries_but_not_environment_trouble(side: Side) -> None:
    await side.finish("implement", "rejected")
    await side.finish("implement", "environment")
    await side.finish("implement", "passed")
    await side.finish("judge", "passed")

    assert await side.records.executions(side.run_id, "implement") == 2
    assert await side.records.executions(side.run_id, "brt") == 0


async def test_the_run_record_keeps_what_was_spent_and_the_heads_pushed(side: Side) -> None:
    await side.records.update_run(side.run_id, {"input_tokens": 100, "output_tokens": 20,
                                                "cost_usd": 0.25})
    await side.records.update_run(side.run_id, {"branch": "smith/1-x",
                                                "params": {"pushed_head": "abc123"}})

    assert await side.records.spent(side.run_id) == (120, 0.25)
    assert await side.records.pushed_heads(REPO, "smith/1-x") == {"abc123"}
    assert await side.records.pushed_heads(REPO, "smith/2-y") == set()


async def test_trajectory_events_come_back_in_order_and_filtered(side: Side) -> None:
    for item in (event(2, "edit_file"), event(1, "read_file"), event(3, "write_file", ok=False),
                 event(4, "run_tests", actor="code")):
        await side.records.record_event(side.run_id, item)

    every = await side.records.events(side.run_id)
    writes = await side.records.events(side.run_id, actor="agent",
                                       tools=["edit_file", "write_file"], ok=True)

    assert [e.seq for e in every] == [1, 2, 3, 4]
    assert [(e.tool, e.args) for e in writes] == [("edit_file", {"path": "calc.py"})]


async def test_approved_rules_are_this_repositorys_and_the_global_ones(side: Side) -> None:
    await side.approve("implement", "Global rule.", None)
    await side.approve("implement", "Ours.", REPO)
    await side.approve("implement", "Theirs.", OTHER)
    await side.approve("diagnose", "Another step's.", REPO)

    assert sorted(await side.records.approved_rules(REPO, "implement")) == ["Global rule.",
                                                                            "Ours."]


async def test_failure_stories_and_model_calls_are_kept(side: Side) -> None:
    await side.records.record_failure(FailureStory(repo=REPO, run_id=side.run_id,
                                                   step="quality", kind="quality_red",
                                                   evidence="x" * 30_000))
    await side.records.record_model_call(side.run_id, UsageRecord(
        run_id=str(side.run_id), step="diagnose", model="m", call=1,
        usage=TokenUsage(input_tokens=42), cost_usd=0.01))

    [(step, kind, evidence)] = await side.stories()
    assert (step, kind) == ("quality", "quality_red")
    assert len(evidence) == MAX_EVIDENCE_CHARS  # a story is capped, whoever keeps it
    assert await side.calls() == [("diagnose", 42)]

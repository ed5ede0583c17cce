"""The engine files every rejection and every human gate under a reason code, so "rejections
by reason" in `smith stats` is what happened in real runs (toy graphs on the real engine, store
and fake GitHub)."""

from __future__ import annotations

from sqlalchemy import select

from bot.engine.context import RunContext
from bot.engine.graph import Graph, Node, RunEnding, RunStatus, StepOutcome, Verdict
from bot.engine.loop import ItemLoop, ItemOutcome, ItemTry, LoopResult
from bot.engine.walk import RunEngine
from bot.stats.query import load_stats
from bot.store.models import Step
from tests.chain.world import World


async def _verdicts(world: World, run_id: int) -> list[tuple[str, str | None, str, str | None]]:
    async with world.runtime.db.transaction() as session:
        rows = (await session.execute(select(Step).where(Step.run_id == run_id)
                                      .order_by(Step.id))).scalars()
        return [(row.name, row.item, row.status, row.verdict) for row in rows]


def _done(next_step: str | None = None) -> StepOutcome:
    return StepOutcome(Verdict.PASSED, next_step, ending=None if next_step else RunEnding(
        RunStatus.SUCCEEDED, "toy_done", "finished", announced=True))


async def test_a_rejection_is_filed_under_its_code_its_story_or_its_ending(world: World):
    calls: list[str] = []

    async def judge(ctx: RunContext) -> StepOutcome:
        calls.append("judge")
        if calls.count("judge") == 1:  # a reason of the step's own
            return StepOutcome(Verdict.REJECTED, "judge", reason="disagreed")
        if calls.count("judge") == 2:  # no code, but the story it told the rules loop
            await ctx.record_failure("judge", "judge_rejected", "the cited line is not it")
            return StepOutcome(Verdict.REJECTED, "judge")
        if calls.count("judge") == 3:  # nothing at all
            return StepOutcome(Verdict.REJECTED, "gate")
        return _done("gate")

    async def gate(ctx: RunContext) -> StepOutcome:
        calls.append("gate")
        if calls.count("gate") == 1:
            return StepOutcome(Verdict.REJECTED, "judge")  # back once, unnamed
        return StepOutcome(Verdict.WAITING, None, ending=RunEnding(
            RunStatus.PAUSED, "awaiting_approval", "big", resume_at="judge", announced=True))

    graph = Graph(name="toy", start="judge", nodes=(Node("judge", judge), Node("gate", gate)))
    run_id = await world.new_run()
    await RunEngine(graph, world.runtime).walk(run_id)

    assert await _verdicts(world, run_id) == [
        ("judge", None, "rejected", "disagreed"),
        ("judge", None, "rejected", "judge_rejected"),
        ("judge", None, "rejected", "unspecified"),
        ("gate", None, "rejected", "unspecified"),
        ("judge", None, "passed", "passed"),
        ("gate", None, "waiting", "awaiting_approval"),
    ]
    async with world.runtime.db.transaction() as session:
        report = await load_stats(session, window=1)
    steps = {s.step: s for s in report.steps}
    assert steps["judge"].rejections_by_reason == {
        "disagreed": 1, "judge_rejected": 1, "unspecified": 1}
    assert (steps["gate"].gates, steps["gate"].gates_by_reason) == (
        1, {"awaiting_approval": 1})


async def test_a_try_of_a_loop_item_is_filed_under_its_code_or_its_story(world: World):
    tries: list[str] = []

    async def items(ctx: RunContext) -> list[str]:
        return ["a.py", "b.py"]

    async def write(ctx: RunContext, attempt: ItemTry) -> ItemOutcome:
        tries.append(attempt.key)
        if attempt.key == "a.py" and attempt.attempt == 1:
            return ItemOutcome(Verdict.REJECTED, "no file", reason="no_file")
        if attempt.key == "b.py" and attempt.attempt == 1:
            await ctx.record_failure("test_writer", "gate_mutation", "3 mutants survived")
            return ItemOutcome(Verdict.REJECTED, "weak")
        return ItemOutcome(Verdict.PASSED, "kept")

    async def then(ctx: RunContext, result: LoopResult) -> StepOutcome:
        return _done()

    graph = Graph(name="toy", start="write_tests", nodes=(
        Node("write_tests", ItemLoop(items=items, run=write, then=then, budget=2)),))
    run_id = await world.new_run()
    await RunEngine(graph, world.runtime).walk(run_id)

    assert [row for row in await _verdicts(world, run_id) if row[1]] == [
        ("write_tests", "a.py", "rejected", "no_file"),
        ("write_tests", "a.py", "passed", "passed"),
        ("write_tests", "b.py", "rejected", "gate_mutation"),
        ("write_tests", "b.py", "passed", "passed"),
    ]

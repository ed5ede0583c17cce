"""A step that ends its run with a failure is a story for the rules loop, told by the engine;
endings that say nothing about a prompt are not (toy graphs on the real engine and store)."""

from __future__ import annotations

from sqlalchemy import select

from bot.engine.context import RunContext
from bot.engine.graph import Graph, Node, RunEnding, RunStatus, StepOutcome, Verdict
from bot.engine.walk import RunEngine
from bot.llm.errors import StepFailed
from bot.store.models import Failure
from tests.chain.world import REPO, World


async def _stories(world: World) -> list[tuple[str, str, str, int | None]]:
    async with world.runtime.db.transaction() as session:
        rows = (await session.execute(select(Failure).order_by(Failure.id))).scalars()
        return [(f.step, f.kind, f.evidence, f.run_id) for f in rows]


async def _walk(world: World, *nodes: Node) -> int:
    run_id = await world.new_run()
    await RunEngine(Graph(name="toy", start=nodes[0].name, nodes=nodes), world.runtime).walk(
        run_id)
    return run_id


async def test_a_step_out_of_its_budget_is_a_story_of_that_step(world: World):
    async def brt(ctx: RunContext) -> StepOutcome:
        await ctx.record_failure("brt", "brt_not_red", "test_average passed")
        return StepOutcome(Verdict.REJECTED, "brt")

    run_id = await _walk(world, Node("brt", brt, budget=2))

    stories = await _stories(world)
    assert [(step, kind, run) for step, kind, _, run in stories] == [
        ("brt", "brt_not_red", run_id), ("brt", "brt_not_red", run_id),
        ("brt", "budget_exhausted", run_id)]
    assert "The run ended at brt: step brt used its budget of 2 attempts" in stories[-1][2]
    async with world.runtime.db.transaction() as session:
        [failure] = (await session.execute(
            select(Failure).where(Failure.kind == "budget_exhausted"))).scalars()
    assert (failure.forge, failure.repo) == ("github", REPO)


async def test_a_step_that_cannot_produce_its_artifact_is_a_story(world: World):
    async def diagnose(ctx: RunContext) -> StepOutcome:
        raise StepFailed("the model never submitted a valid diagnosis", step="diagnose")

    await _walk(world, Node("diagnose", diagnose))
    [(step, kind, evidence, _)] = await _stories(world)
    assert (step, kind) == ("diagnose", "step_failed")
    assert "never submitted a valid diagnosis" in evidence


async def test_rejections_bugs_cancels_and_successes_tell_the_engine_no_story(world: World):
    async def judge(ctx: RunContext) -> StepOutcome:  # its own story is the judge's to tell
        return StepOutcome(Verdict.REJECTED, None, ending=RunEnding(
            RunStatus.FAILED, "judge_disagreed", "the judge did not accept", announced=True))

    async def crash(ctx: RunContext) -> StepOutcome:
        raise RuntimeError("a bug in Smith, not in a prompt")

    async def fine(ctx: RunContext) -> StepOutcome:
        return StepOutcome(Verdict.PASSED, None, ending=RunEnding(
            RunStatus.SUCCEEDED, "toy_done", "done", announced=True))

    for step in (Node("judge", judge), Node("crash", crash), Node("fine", fine)):
        await _walk(world, step)
    assert await _stories(world) == []

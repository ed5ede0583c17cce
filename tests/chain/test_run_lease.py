"""The engine under the run lease: an executor whose run was claimed by another one mid-step
stops at its next write, quietly (no ending, no comment, no label), and the run gets exactly
one ending, the current executor's. Real store, fake GitHub over HTTP, the real engine."""

from __future__ import annotations

from collections.abc import Awaitable, Callable

from bot.engine.context import RunContext
from bot.engine.graph import Graph, Node, RunEnding, RunStatus, StepOutcome, Verdict
from bot.engine.runner import walk_run
from bot.store.lease import claim_run
from tests.chain.world import World


def _graph(middle: Callable[[RunContext], Awaitable[StepOutcome]]) -> Graph:
    async def first(ctx: RunContext) -> StepOutcome:
        return StepOutcome(Verdict.PASSED, "middle", summary="first")

    async def last(ctx: RunContext) -> StepOutcome:
        await ctx.forge.create_comment(ctx.repo, ctx.item, "done: one ending")
        return StepOutcome(Verdict.PASSED, None, summary="done", ending=RunEnding(
            RunStatus.SUCCEEDED, "toy_done", "finished", announced=True))

    return Graph(name="toy", start="first", nodes=(
        Node("first", first), Node("middle", middle), Node("last", last)))


async def _take_over(ctx: RunContext) -> None:
    """Another worker's claim, as the stalled-job rescue makes it happen."""
    async with ctx.runtime.db.transaction() as session:
        await claim_run(session, ctx.run_id)


async def test_a_taken_over_executor_stops_at_its_next_write_and_the_other_ends_the_run(
    pg_world: World,
):
    taken_over = False

    async def middle(ctx: RunContext) -> StepOutcome:
        nonlocal taken_over
        if not taken_over:  # the first executor is overtaken while in this step
            taken_over = True
            await _take_over(ctx)
            await ctx.forge.create_comment(ctx.repo, ctx.item, "late words")  # refused
        return StepOutcome(Verdict.PASSED, "last", summary="middle")

    graph = _graph(middle)
    run_id = await pg_world.new_run()
    await walk_run({"toy": graph}, run_id, pg_world.runtime)  # fenced: returns quietly
    run = await pg_world.run(run_id)
    assert run.status == "running" and run.outcome is None  # no ending of its own
    assert await pg_world.steps(run_id) == [("first", "passed"), ("middle", "running")]
    assert not any("late words" in c or "internal" in c.lower()
                   for c in pg_world.smith_comments())

    # The executor that claimed it resumes the run, from its checkpoint, to its one ending.
    await pg_world.change(run_id, status="queued")  # (its job would be rescued)
    await walk_run({"toy": graph}, run_id, pg_world.runtime)
    run = await pg_world.run(run_id)
    assert (run.status, run.outcome, run.lease) == ("succeeded", "toy_done", 3)
    assert await pg_world.steps(run_id) == [("first", "passed"), ("middle", "environment"),
                                            ("middle", "passed"), ("last", "passed")]
    comments = pg_world.smith_comments()
    assert [c for c in comments if c == "done: one ending"] == ["done: one ending"]
    assert not any("internal" in c.lower() for c in comments)


async def test_an_ending_written_after_a_takeover_is_refused(pg_world: World):
    async def middle(ctx: RunContext) -> StepOutcome:
        await _take_over(ctx)
        return StepOutcome(Verdict.FAILED, None, summary="broke", ending=RunEnding(
            RunStatus.FAILED, "step_failed", "middle: broke"))

    run_id = await pg_world.new_run()
    await walk_run({"toy": _graph(middle)}, run_id, pg_world.runtime)
    run = await pg_world.run(run_id)
    assert (run.status, run.outcome) == ("running", None)  # the other executor's to end
    assert "smith:failed" not in pg_world.labels()
    assert not any("broke" in c for c in pg_world.smith_comments())

"""The engine walks any graph: budgets, checkpoints, pauses, cancellation, environment retries.

A toy graph of plain step functions stands in for a chain (the test-generation and
held-out-acceptance chains are just other graphs); the store is the in-memory one held to
PostgreSQL's contract (tests/chain/test_run_store.py), the forge the in-memory `FakeForge`, the
status comment the real one.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import pytest

from bot.engine.context import RunContext
from bot.engine.graph import Graph, Node, RunEnding, RunStatus, StepOutcome, Verdict
from bot.engine.walk import MAX_ENVIRONMENT_RETRIES, RetryLater
from bot.llm.errors import EnvironmentFailure
from tests.chain.world import World


@dataclass
class Toy:
    """A scriptable three-step graph: write → check → finish."""

    check_results: list[str] = field(default_factory=list)  # "pass" | "reject" | "env" | "pause"
    calls: list[str] = field(default_factory=list)

    async def write(self, ctx: RunContext) -> StepOutcome:
        self.calls.append("write")
        return StepOutcome(Verdict.PASSED, "check", artifact={"n": len(self.calls)},
                           diff=f"diff {len(self.calls)}", summary="wrote")

    async def check(self, ctx: RunContext) -> StepOutcome:
        self.calls.append("check")
        result = self.check_results.pop(0) if self.check_results else "pass"
        if result == "env":
            raise EnvironmentFailure("model overloaded", step="check")
        if result == "reject":
            return StepOutcome(Verdict.REJECTED, "write", summary="not yet")
        if result == "pause":
            return StepOutcome(Verdict.WAITING, None, summary="3 points; waiting for approval",
                               ending=RunEnding(
                RunStatus.PAUSED, "awaiting_approval", "big", resume_at="finish"))
        return StepOutcome(Verdict.PASSED, "finish", summary="ok")

    async def finish(self, ctx: RunContext) -> StepOutcome:
        self.calls.append("finish")
        return StepOutcome(Verdict.PASSED, None, summary="done", ending=RunEnding(
            RunStatus.SUCCEEDED, "toy_done", "finished", announced=True))

    def graph(self, write_budget: int = 2) -> Graph:
        return Graph(name="toy", start="write", nodes=(
            Node("write", self.write, budget=write_budget),
            Node("check", self.check),
            Node("finish", self.finish),
        ))


async def test_a_graph_runs_to_its_ending_and_every_step_is_recorded(world: World):
    toy = Toy(check_results=["reject", "pass"])
    run_id = await world.new_run()
    await world.engine(toy.graph()).walk(run_id)
    run = await world.run(run_id)
    assert (run.status, run.outcome) == ("succeeded", "toy_done")
    assert await world.steps(run_id) == [("write", "passed"), ("check", "rejected"),
                                         ("write", "passed"), ("check", "passed"),
                                         ("finish", "passed")]
    status = [c for c in world.smith_comments() if "smith:status" in c]
    assert len(status) == 1  # one comment, edited in place


async def test_a_step_over_its_budget_ends_the_run_and_says_so(world: World):
    toy = Toy(check_results=["reject", "reject", "reject"])
    run_id = await world.new_run()
    await world.engine(toy.graph(write_budget=2)).walk(run_id)
    run = await world.run(run_id)
    assert (run.status, run.outcome) == ("failed", "budget_exhausted")
    assert toy.calls == ["write", "check", "write", "check"]
    assert any("budget" in c.lower() for c in world.smith_comments())
    assert "smith:failed" in world.labels()


async def test_environment_trouble_requeues_without_spending_the_budget(world: World):
    toy = Toy(check_results=["env", "pass"])
    run_id = await world.new_run()
    engine = world.engine(toy.graph(write_budget=1))
    with pytest.raises(RetryLater):
        await engine.walk(run_id)
    run = await world.run(run_id)
    assert (run.status, run.current_step) == ("queued", "check")
    await engine.walk(run_id)  # what the job retry does: resume at the failed step
    run = await world.run(run_id)
    assert run.status == "succeeded"
    assert await world.steps(run_id) == [("write", "passed"), ("check", "environment"),
                                         ("check", "passed"), ("finish", "passed")]


async def test_environment_trouble_that_never_ends_fails_the_run(world: World):
    toy = Toy(check_results=["env"] * (MAX_ENVIRONMENT_RETRIES + 1))
    run_id = await world.new_run()
    engine = world.engine(toy.graph())
    for _ in range(MAX_ENVIRONMENT_RETRIES):
        with pytest.raises(RetryLater):
            await engine.walk(run_id)
    await engine.walk(run_id)
    run = await world.run(run_id)
    assert (run.status, run.outcome) == ("failed", "environment")


async def test_a_pause_ends_the_job_and_the_run_resumes_where_it_said(world: World):
    toy = Toy(check_results=["pause"])
    run_id = await world.new_run()
    engine = world.engine(toy.graph())
    await engine.walk(run_id)
    run = await world.run(run_id)
    assert (run.status, run.current_step) == ("paused", "finish")
    await engine.walk(run_id)  # a paused run is not walked until someone requeues it
    assert toy.calls == ["write", "check"]
    waiting = next(c for c in world.smith_comments() if "smith:status" in c)
    assert "3 points; waiting for approval" in waiting
    await world.change(run_id, status="queued",
                       params={**(run.params or {}), "approved_by": "boss"})
    await engine.walk(run_id)
    assert toy.calls == ["write", "check", "finish"]
    assert (await world.run(run_id)).status == "succeeded"
    # The checklist no longer says it waits: the gate's line names who let the run go on.
    status = next(c for c in world.smith_comments() if "smith:status" in c)
    assert "3 points; approved by boss" in status and "waiting for approval" not in status


async def test_cancel_is_honoured_between_steps(world: World):
    toy = Toy()
    run_id = await world.new_run()

    async def write_then_get_cancelled(ctx: RunContext) -> StepOutcome:
        await world.change(run_id, cancel_requested=True, reason="cancelled by @boss")
        return await toy.write(ctx)

    graph = Graph(name="toy", start="write", nodes=(
        Node("write", write_then_get_cancelled), Node("check", toy.check),
        Node("finish", toy.finish)))
    await world.engine(graph).walk(run_id)
    run = await world.run(run_id)
    assert (run.status, toy.calls) == ("cancelled", ["write"])
    assert any("@boss" in c or "boss" in c for c in world.smith_comments())


async def test_a_resumed_run_gets_its_artifacts_and_checkpoint_diff_back(world: World):
    seen: dict = {}

    async def prepare(ctx: RunContext) -> StepOutcome:
        seen["diff"], seen["artifacts"] = ctx.resume_diff, dict(ctx.artifacts)
        return StepOutcome(Verdict.PASSED, "write")

    toy = Toy(check_results=["env"])
    graph = Graph(name="toy", start="prepare", resume_via="prepare", nodes=(
        Node("prepare", prepare), Node("write", toy.write), Node("check", toy.check),
        Node("finish", toy.finish)))
    run_id = await world.new_run()
    with pytest.raises(RetryLater):
        await world.engine(graph).walk(run_id)
    await world.engine(graph).walk(run_id)
    assert seen["diff"] == "diff 1"
    assert seen["artifacts"]["write"] == {"n": 1}
    assert [name for name, _ in await world.steps(run_id)] == [
        "prepare", "write", "check", "prepare", "check", "finish"]

"""A step that loops over items: per-item budgets and verdicts, a row per try, resumable.

The toy graph stands in for the test-generation chain's Writer loop (one generated test file
per item, each with its own attempts); the store and the forge are real.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import pytest

from bot.engine.context import RunContext
from bot.engine.graph import Graph, Node, RunEnding, RunStatus, StepOutcome, Verdict
from bot.engine.loop import ItemLoop, ItemOutcome, ItemTry, LoopResult
from bot.engine.state import RunState
from bot.engine.walk import RetryLater
from bot.llm.errors import EnvironmentFailure
from tests.chain.world import World


class WorkerDied(BaseException):
    """What a killed worker looks like from inside: nothing after it runs."""


@dataclass
class Files:
    """Three files to write: `b.py` never passes its gates, `c.py` may be scripted to crash."""

    crash_on: set[str] = field(default_factory=set)
    overloaded_on: set[str] = field(default_factory=set)
    listed: int = 0
    tries: list[tuple[str, int, tuple[str, ...]]] = field(default_factory=list)
    result: LoopResult | None = None

    async def items(self, ctx: RunContext) -> list[str]:
        self.listed += 1
        return ["a.py", "b.py", "c.py", "a.py"]  # a repeated item is looped over once

    async def write(self, ctx: RunContext, item: ItemTry) -> ItemOutcome:
        self.tries.append((item.key, item.attempt, item.feedback))
        if item.key in self.crash_on:
            self.crash_on.discard(item.key)
            raise WorkerDied
        if item.key in self.overloaded_on:
            self.overloaded_on.discard(item.key)
            raise EnvironmentFailure("model overloaded", step="write_tests")
        if item.key == "b.py":
            return ItemOutcome(Verdict.REJECTED, f"try {item.attempt}: not green",
                               feedback=f"test_b{item.attempt} failed")
        return ItemOutcome(Verdict.PASSED, f"{item.key} kept", artifact={"file": item.key},
                           diff=f"+ tests for {item.key}")

    async def then(self, ctx: RunContext, result: LoopResult) -> StepOutcome:
        self.result = result
        return StepOutcome(Verdict.PASSED, "finish", summary=result.summary())

    def graph(self) -> Graph:
        async def finish(ctx: RunContext) -> StepOutcome:
            return StepOutcome(Verdict.PASSED, None, summary="done", ending=RunEnding(
                RunStatus.SUCCEEDED, "toy_done", "finished", announced=True))

        loop = ItemLoop(items=self.items, run=self.write, then=self.then, budget=2, max_items=5)
        return Graph(name="toy", start="write_tests", nodes=(
            Node("write_tests", loop), Node("finish", finish)))


def _verdicts(result: LoopResult | None) -> dict[str, str]:
    assert result is not None
    return {key: result.results[key].verdict for key in result.items}


async def test_each_item_has_its_own_budget_and_rows_and_the_loop_goes_on(world: World):
    files = Files()
    run_id = await world.new_run()
    await world.engine(files.graph()).walk(run_id)

    run = await world.run(run_id)
    assert (run.status, run.outcome) == ("succeeded", "toy_done")
    assert _verdicts(files.result) == {"a.py": "passed", "b.py": "budget_exhausted",
                                       "c.py": "passed"}
    # b.py's second try was told why the first was sent back.
    assert files.tries == [("a.py", 1, ()), ("b.py", 1, ()), ("b.py", 2, ("test_b1 failed",)),
                           ("c.py", 1, ())]
    assert "test_b2 failed" in files.result.results["b.py"].summary
    # One stats row per try, keyed by the item; the step itself has one row of its own.
    assert await world.item_rows(run_id) == [
        ("write_tests", "a.py", "passed"), ("write_tests", "b.py", "rejected"),
        ("write_tests", "b.py", "rejected"), ("write_tests", "c.py", "passed")]
    assert await world.steps(run_id) == [("write_tests", "passed"), ("finish", "passed")]
    # The status comment shows the loop's own line, not its last item.
    [status] = [c for c in world.smith_comments() if "smith:status" in c]
    assert "3 items" in status


async def test_a_resumed_run_skips_the_items_it_finished_before_the_crash(world: World):
    files = Files(crash_on={"c.py"})
    run_id = await world.new_run()
    with pytest.raises(WorkerDied):  # the worker dies while c.py is being written
        await world.engine(files.graph()).walk(run_id)
    run = await world.run(run_id)
    assert (run.status, run.current_step) == ("running", "write_tests")
    loop = RunState.load(run.params).loops["write_tests"]
    assert sorted(loop.done) == ["a.py", "b.py"] and loop.items == ["a.py", "b.py", "c.py"]

    files.tries.clear()
    await world.engine(files.graph()).walk(run_id)  # the stalled job, run again

    assert [key for key, _, _ in files.tries] == ["c.py"]  # a.py and b.py are not redone
    assert files.listed == 1  # the items were fixed by the first execution
    assert _verdicts(files.result) == {"a.py": "passed", "b.py": "budget_exhausted",
                                       "c.py": "passed"}
    assert (await world.run(run_id)).status == "succeeded"
    # The interrupted try is an environment row: it did not spend c.py's budget.
    assert await world.item_rows(run_id) == [
        ("write_tests", "a.py", "passed"), ("write_tests", "b.py", "rejected"),
        ("write_tests", "b.py", "rejected"), ("write_tests", "c.py", "environment"),
        ("write_tests", "c.py", "passed")]


async def test_environment_trouble_in_an_item_requeues_without_spending_its_tries(world: World):
    files = Files(overloaded_on={"b.py"})
    run_id = await world.new_run()
    with pytest.raises(RetryLater):
        await world.engine(files.graph()).walk(run_id)
    await world.engine(files.graph()).walk(run_id)
    assert [(key, attempt) for key, attempt, _ in files.tries] == [
        ("a.py", 1), ("b.py", 1), ("b.py", 1), ("b.py", 2), ("c.py", 1)]
    assert _verdicts(files.result)["b.py"] == "budget_exhausted"
    assert ("write_tests", "environment") in await world.steps(run_id)

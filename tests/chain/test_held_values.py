"""Values held in memory only: never in the database, the trajectory, the logs or a comment.

A toy chain holds a canary the way the acceptance chain holds its held-out examples (DESIGN
§12). After the run, every row of every table is read back as text, with the captured logs and
every comment on the fake forge, and the canary must be in none of them. Steps that try to
write it (a summary, the state, a trajectory event, a comment, an error message) stop the run
instead.
"""

from __future__ import annotations

import hashlib
import logging
import uuid
from collections.abc import Awaitable, Callable

import pytest

from bot.engine.context import RunContext
from bot.engine.graph import Graph, Node, RunEnding, RunStatus, StepOutcome, Verdict
from bot.engine.held import Held, HeldValueLeak, HeldValues
from bot.engine.state import RunState
from bot.engine.walk import RetryLater
from bot.llm.errors import EnvironmentFailure
from tests.chain.world import World

CANARY = f"held-canary-{uuid.uuid4().hex}"


class Examples:
    """The provider registered with the graph: counts how often it had to compute."""

    def __init__(self) -> None:
        self.computed = 0

    async def __call__(self, ctx: RunContext) -> list[str]:
        self.computed += 1
        return ["Wake Me Up at seven", CANARY]


def everything_said(world: World, capsys, caplog) -> str:
    out = capsys.readouterr()
    return "\n".join([out.out, out.err, caplog.text, *world.all_comments()])


def chain(examples: Examples, use: Callable[[RunContext, list[str]], Awaitable[StepOutcome]]):
    held = Held("examples", examples)

    async def measure(ctx: RunContext) -> StepOutcome:
        return await use(ctx, await ctx.hold(held))

    async def finish(ctx: RunContext) -> StepOutcome:
        await ctx.forge.create_comment(ctx.repo, ctx.issue, "Measured on the held-out part.")
        return StepOutcome(Verdict.PASSED, None, summary="done", ending=RunEnding(
            RunStatus.SUCCEEDED, "toy_done", "finished", announced=True))

    return Graph(name="toy", start="measure", held=(held,), nodes=(
        Node("measure", measure), Node("finish", finish)))


async def test_a_held_canary_is_used_but_never_written_and_a_resume_recomputes_it(
    pg_world: World, capsys, caplog,
):
    world = pg_world  # every table of the real store is read back
    caplog.set_level(logging.DEBUG)
    examples = Examples()
    seen: list[int] = []

    async def use(ctx: RunContext, held: list[str]) -> StepOutcome:
        seen.append(len(held))
        digest = hashlib.sha256("\n".join(held).encode()).hexdigest()
        await ctx.trajectory.record(step="measure", actor="code", tool="evaluate",
                                    args={"size": len(held), "sha256": digest}, ok=True,
                                    detail="evaluated on the held-out part")
        await ctx.save_state(held_out_size=len(held))
        if len(seen) == 1:  # the model is overloaded once: the job is retried later
            raise EnvironmentFailure("model overloaded", step="measure")
        return StepOutcome(Verdict.PASSED, "finish", artifact={"size": len(held), "sha": digest},
                           summary=f"{len(held)} held-out examples, sha256 {digest[:12]}")

    graph = chain(examples, use)
    run_id = await world.new_run()
    with pytest.raises(RetryLater):
        await world.engine(graph).walk(run_id)
    await world.engine(graph).walk(run_id)

    run = await world.run(run_id)
    assert (run.status, run.outcome) == ("succeeded", "toy_done")
    assert seen == [2, 2] and examples.computed == 2  # recomputed by the resumed execution
    assert RunState.load(run.params).model_extra == {"held_out_size": 2}
    database = await world.dump()
    assert "sha256" in database and "held-out examples" in database  # the dump sees the run
    assert CANARY not in database
    said = everything_said(world, capsys, caplog)
    assert "Measured on the held-out part." in said
    assert CANARY not in said


async def _in_summary(ctx: RunContext, held: list[str]) -> StepOutcome:
    return StepOutcome(Verdict.PASSED, "finish", summary=f"first miss: {held[1]}")


async def _in_artifact(ctx: RunContext, held: list[str]) -> StepOutcome:
    return StepOutcome(Verdict.PASSED, "finish", artifact={"errors": [held[1].upper()]})


async def _in_state(ctx: RunContext, held: list[str]) -> StepOutcome:
    await ctx.save_state(errors=held)
    return StepOutcome(Verdict.PASSED, "finish")


async def _in_trajectory(ctx: RunContext, held: list[str]) -> StepOutcome:
    await ctx.trajectory.record(step="measure", actor="code", tool="evaluate",
                                args={"input": held[1]}, ok=False, detail="missed")
    return StepOutcome(Verdict.PASSED, "finish")


async def _in_comment(ctx: RunContext, held: list[str]) -> StepOutcome:
    await ctx.forge.create_comment(ctx.repo, ctx.issue, f"Missed:\n\n    {held[1]}")
    return StepOutcome(Verdict.PASSED, "finish")


async def _in_error(ctx: RunContext, held: list[str]) -> StepOutcome:
    raise ValueError(f"could not evaluate {held[1]!r}")


async def _in_overload(ctx: RunContext, held: list[str]) -> StepOutcome:
    raise EnvironmentFailure(f"model overloaded while judging {held[1]}", step="measure")


@pytest.mark.parametrize("use", [_in_summary, _in_artifact, _in_state, _in_trajectory,
                                 _in_comment, _in_error, _in_overload],
                         ids=lambda f: f.__name__.removeprefix("_in_"))
async def test_a_step_that_would_write_a_held_value_stops_the_run_without_writing_it(
    world: World, capsys, caplog, use,
):
    caplog.set_level(logging.DEBUG)
    graph = chain(Examples(), use)
    run_id = await world.new_run()
    try:
        await world.engine(graph).walk(run_id)
    except RetryLater:  # environment trouble is retried: still nothing of it is written
        pass
    run = await world.run(run_id)
    if use is _in_overload:
        assert run.status == "queued"
    else:
        assert run.status == "failed"
        assert run.outcome == ("internal_error" if use is _in_error else "held_value_leak")
        assert not any("Measured" in c for c in world.all_comments())
    assert CANARY not in await world.dump()
    assert CANARY not in everything_said(world, capsys, caplog)


async def test_held_values_hide_themselves_and_only_registered_keys_resolve() -> None:
    examples = Examples()
    key, stranger = Held("examples", examples), Held("other", examples)
    held = HeldValues((key,))
    assert not held.leaks_in(CANARY)  # nothing is held before it is first used
    values = await held.get(key, None)  # type: ignore[arg-type]
    assert CANARY in values and CANARY not in repr(held) and CANARY not in str(held)
    assert await held.get(key, None) is values and examples.computed == 1  # type: ignore[arg-type]
    assert held.leaks_in(f"prefix {CANARY.upper()} suffix")  # case and spacing do not hide it
    assert held.leaks_in({"nested": [f"x {CANARY}"]})
    assert not held.leaks_in("wake me up at eight")
    with pytest.raises(HeldValueLeak) as caught:
        held.check("a comment", f"... {CANARY} ...")
    assert CANARY not in str(caught.value)
    with pytest.raises(KeyError):
        await held.get(stranger, None)  # type: ignore[arg-type]

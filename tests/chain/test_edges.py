"""Edges are graph data: a step answers ONWARD and the graph says where that leads.

Adding a step is one node line: a toy chain built the way a newcomer would extend one shows the
new step walked at its place without any other step knowing it."""

from __future__ import annotations

from dataclasses import dataclass, field
from types import SimpleNamespace
from typing import Any

import pytest

from bot.chains.fix.graph import FIX
from bot.engine.context import RunContext
from bot.engine.graph import END, ONWARD, Graph, Node, RunEnding, RunStatus, StepOutcome, Verdict
from tests.chain.world import World


@dataclass
class Steps:
    """Plain steps that all answer ONWARD (the last names the ending)."""

    calls: list[str] = field(default_factory=list)

    def onward(self, name: str) -> Any:
        async def step(ctx: RunContext) -> StepOutcome:
            self.calls.append(name)
            return StepOutcome(Verdict.PASSED, summary=name)
        return step

    def last(self, name: str) -> Any:
        async def step(ctx: RunContext) -> StepOutcome:
            self.calls.append(name)
            return StepOutcome(Verdict.PASSED, None, summary=name, ending=RunEnding(
                RunStatus.SUCCEEDED, "toy_done", "finished", announced=True))
        return step


def _ctx(**flags: bool) -> Any:
    return SimpleNamespace(flags=flags)


def test_onward_is_the_next_listed_node_or_then() -> None:
    steps = Steps()
    graph = Graph(name="toy", start="a", nodes=(
        Node("a", steps.onward("a"), then="c"),
        Node("b", steps.onward("b"), then=END),
        Node("c", steps.onward("c")),
        Node("d", steps.last("d")),
    ))
    assert StepOutcome(Verdict.PASSED).next == ONWARD
    assert graph.successor("a", _ctx()) == "c"
    assert graph.successor("b", _ctx()) is None
    assert graph.successor("c", _ctx()) == "d" and graph.successor("d", _ctx()) is None
    assert graph.default_path() == ("a", "c", "d")
    resolved = graph.resolved("a", StepOutcome(Verdict.PASSED), _ctx())
    assert resolved.next == "c"
    branch = StepOutcome(Verdict.REJECTED, "b")
    assert graph.resolved("a", branch, _ctx()) is branch  # a real branch is left alone


def test_an_optional_step_is_walked_past_unless_it_runs_here() -> None:
    steps = Steps()
    graph = Graph(name="toy", start="a", nodes=(
        Node("a", steps.onward("a")),
        Node("extra", steps.onward("extra"), when=lambda ctx: ctx.flags.get("extra", False)),
        Node("z", steps.last("z")),
    ))
    assert graph.successor("a", _ctx()) == "z"
    assert graph.successor("a", _ctx(extra=True)) == "extra"
    assert graph.default_path() == ("a", "z")
    assert graph.default_path(optional=True) == ("a", "extra", "z")


def test_an_edge_to_an_unknown_step_is_refused_when_the_graph_is_built() -> None:
    with pytest.raises(ValueError, match="unknown step 'nowhere'"):
        Graph(name="toy", start="a", nodes=(Node("a", Steps().onward("a"), then="nowhere"),))


def test_the_fix_chain_goes_on_by_its_edges() -> None:
    """The fix chain's happy path is its node list; PLAN and REGRESSION are off it."""
    assert "plan" not in FIX.default_path()
    assert FIX.default_path(optional=True)[-3:] == ("regression", "publish", "transition")
    assert FIX.default_successor("estimate") == "brt" and FIX.default_successor("plan") is None


async def test_a_step_added_is_one_node_line_and_the_engine_walks_it(world: World) -> None:
    steps = Steps()
    nodes = (Node("write", steps.onward("write")), Node("check", steps.onward("check")),
             Node("finish", steps.last("finish")))
    graph = Graph(name="toy", start="write", nodes=nodes)
    # The newcomer's change: one node between check and finish; no other step changes.
    extended = Graph(name="toy", start="write",
                     nodes=(*nodes[:2], Node("lint", steps.onward("lint")), nodes[2]))
    run_id = await world.new_run()
    await world.engine(extended).walk(run_id)
    assert steps.calls == ["write", "check", "lint", "finish"]
    assert await world.steps(run_id) == [(name, "passed") for name in extended.default_path()]
    assert (await world.run(run_id)).status == "succeeded"
    assert graph.default_path() == ("write", "check", "finish")


@pytest.mark.parametrize("runs_here", [False, True])
async def test_the_checklist_shows_an_optional_step_only_when_it_ran(world: World,
                                                                     runs_here: bool) -> None:
    """A step the repository turned off is no pending line for ever; one that ran is shown
    with its result, like any other (the full suite, issue #30)."""
    steps = Steps()
    graph = Graph(name="toy", start="a", nodes=(
        Node("a", steps.onward("a")),
        Node("suite", steps.onward("suite"), when=lambda ctx: runs_here),
        Node("z", steps.last("z")),
    ))
    run_id = await world.new_run()
    await world.engine(graph).walk(run_id)
    status = next(c for c in world.smith_comments() if "smith:status" in c)
    assert ("**suite**" in status) is runs_here
    assert "**a**" in status and "**z**" in status

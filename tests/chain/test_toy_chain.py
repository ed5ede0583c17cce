"""A new chain is its own folder plus one line in the catalogue (DESIGN §4, "To add a chain").

The test writes a chain the way a newcomer would — a package with its step names, its rows,
its steps and its graph, importing only the engine and the kit — into a temporary folder,
composes it with the real catalogue in one line, and walks a run of it on the real store
and the fake GitHub. Nothing in `bot/` changes for it, and the import-graph rules hold for
its files too.
"""

from __future__ import annotations

import importlib
import sys
import textwrap
from collections.abc import Iterator
from pathlib import Path

import pytest

from bot.catalogue import GRAPHS
from bot.engine.registry import step_info
from bot.engine.runner import chain_runner
from tests.chain.world import World
from tests.meta.test_import_graph import _imported

TOY_CHAIN = {
    "__init__.py": '''
        """A toy chain: count the issue's words, then say so."""

        from toychain import step_rows as _step_rows  # noqa: F401  (registers the rows)
    ''',
    "artifacts.py": '''
        import enum

        from bot.engine.artifacts import Artifact


        class StepName(enum.StrEnum):
            COUNT = "toy_count"
            SAY = "toy_say"


        class Count(Artifact):
            words: int
    ''',
    "step_rows.py": '''
        from bot.engine.registry import StepInfo, register
        from toychain.artifacts import Count, StepName

        TOY_STEPS = register(
            StepInfo(StepName.COUNT, "Count the words", Count),
            StepInfo(StepName.SAY, "Say how many"),
        )
    ''',
    "steps.py": '''
        from bot.engine.context import RunContext
        from bot.engine.graph import ONWARD, RunEnding, RunStatus, StepOutcome, Verdict
        from toychain.artifacts import Count, StepName


        async def count(ctx: RunContext) -> StepOutcome:
            words = len((ctx.tools.issue.title if ctx.tools.issue else "toy").split())
            return StepOutcome(Verdict.PASSED, ONWARD, artifact=Count(words=words),
                               summary=f"{words} words")


        async def say(ctx: RunContext) -> StepOutcome:
            counted = ctx.require(StepName.COUNT, Count)
            await ctx.forge.create_comment(ctx.repo, ctx.item,
                                           f"toy: the title has {counted.words} words")
            return StepOutcome(Verdict.PASSED, None, summary="said", ending=RunEnding(
                RunStatus.SUCCEEDED, "toy_said", "said", announced=True))
    ''',
    "graph.py": '''
        from bot.engine.graph import Graph, Node
        from toychain.artifacts import StepName as S
        from toychain.steps import count, say

        TOY = Graph(name="toy", start=str(S.COUNT), nodes=(
            Node(str(S.COUNT), count),
            Node(str(S.SAY), say),
        ))
    ''',
}


@pytest.fixture
def toychain(tmp_path: Path) -> Iterator[Path]:
    package = tmp_path / "toychain"
    package.mkdir()
    for name, source in TOY_CHAIN.items():
        (package / name).write_text(textwrap.dedent(source).lstrip(), encoding="utf-8")
    sys.path.insert(0, str(tmp_path))
    try:
        yield package
    finally:
        sys.path.remove(str(tmp_path))
        for module in [m for m in sys.modules if m == "toychain" or m.startswith("toychain.")]:
            del sys.modules[module]


async def test_a_chain_in_its_own_folder_walks_with_one_catalogue_line(world: World,
                                                                        toychain: Path):
    toy = importlib.import_module("toychain.graph").TOY
    graphs = {**GRAPHS, toy.name: toy}  # the one root line a new chain adds
    run_id = await world.new_run()  # a run of the chain named "toy"

    await chain_runner(graphs, world.store)(run_id, world.runtime)

    run = await world.run(run_id)
    assert (run.status, run.outcome) == ("succeeded", "toy_said")
    assert await world.steps(run_id) == [("toy_count", "passed"), ("toy_say", "passed")]
    assert "toy: the title has 1 words" in world.smith_comments()
    assert step_info("toy_count").title == "Count the words"  # its rows reached the registry
    status = next(c for c in world.smith_comments() if "smith:status" in c)
    assert "Count the words" in status and "Say how many" in status


def test_the_toy_chain_imports_only_the_engine_and_the_kit(toychain: Path):
    imported = set().union(*(_imported(path, f"toychain.{path.stem}")
                             for path in toychain.glob("*.py")))
    assert imported and all(name.startswith(("bot.engine.", "bot.kit.")) for name in imported)

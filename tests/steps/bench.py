"""The bench a step is unit-tested on: a `RunContext` over the in-memory forge, in-memory
records and the scripted step runner, with a real git repository and the real sandbox.

`StepBench.run(step)` runs one step of the bench's graph the way the engine would as far as
the step can tell: the artifact is kept for later steps and the execution is counted (budgets
and rounds read it). Everything else the engine does (step rows, checkpoints, the status
comment) is the engine's, tested in tests/chain. The runtime's database points at a closed
port: a step that still reached Postgres would fail here, loudly.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from pydantic import SecretStr

from bot.config import Settings
from bot.engine.context import RunContext
from bot.engine.graph import Graph, StepOutcome
from bot.engine.held import GuardedForge, HeldValues
from bot.engine.loop import ItemLoop, ItemOutcome, ItemTry, LoopResult
from bot.engine.run_store import PostgresRunStore
from bot.engine.state import ItemResult, RunState
from bot.engine.status import StatusBoard
from bot.forge.base import ItemRef, Permission, RepoRef
from bot.repo_config import RepoConfig
from bot.services import Runtime
from bot.store.db import Database
from bot.workspace.trajectory import Trajectory, TrajectoryEvent
from tests.fakes.forge import FakeForge
from tests.fakes.records import FakeRunRecords
from tests.fakes.step_runner import ScriptedStepRunner
from tests.sandboxed import TOOLCHAIN

RUN_ID = 7
REPO = "octo/calc"
SUMMONER = "maintainer"
AUTHOR = "alice"
NO_DATABASE = "postgresql://127.0.0.1:9/step-tests-have-no-database"
"""The discard port: nothing listens, so any query fails at once and never leaves the host."""


def bench_settings(tmp_path: Path, **overrides: Any) -> Settings:
    values: dict[str, Any] = {
        "data_dir": tmp_path / "data", "bot_account": "smith-bot",
        "anthropic_api_key": SecretStr("unit-test-key"),
        "anthropic_base_url": "http://127.0.0.1:9",  # the scripted runner replaces the real one
        "git_allowed_protocols": ["file"],
        # This interpreter (with pytest, not the suite's plugins) plays the repository's
        # toolchain in the sandbox (tests/sandboxed.py).
        "sandbox_path": TOOLCHAIN,
    }
    values.update(overrides)
    return Settings(**values)


@dataclass
class StepBench:
    ctx: RunContext
    forge: FakeForge
    records: FakeRunRecords
    runner: ScriptedStepRunner
    bare: Path
    """The forge's git repository (a local bare one)."""

    @property
    def repo(self) -> RepoRef:
        return self.ctx.repo

    @property
    def issue(self) -> ItemRef:
        return self.ctx.issue

    @property
    def checkout(self) -> Path:
        return self.ctx.workspace.path

    def said_on_issue(self) -> list[str]:
        return self.forge.smith_comments(REPO, self.ctx.issue)

    def labels(self) -> list[str]:
        return self.forge.labels_of(REPO, self.ctx.issue)

    def saved(self) -> dict[str, Any]:
        """The run's record as the steps left it (`params` is the state)."""
        return self.records.runs.get(RUN_ID, {})

    async def run(self, step: str) -> StepOutcome:
        """One execution of `step` as the graph defines it (see the module docstring)."""
        name = str(step)
        node = self.ctx.graph.node(name)
        self.ctx.notes.step = name
        assert not isinstance(node.run, ItemLoop), f"{name} is a loop: try_item / end_loop"
        outcome = self.ctx.graph.resolved(name, await node.run(self.ctx), self.ctx)
        self._keep(name, outcome)
        return outcome

    async def try_item(self, step: str, key: str, *, attempt: int = 1,
                       feedback: tuple[str, ...] = ()) -> ItemOutcome:
        """One try of one item of the loop `step` (the engine walks the loop; tests/chain)."""
        return await self._loop(step).run(self.ctx, ItemTry(key, attempt, feedback))

    async def end_loop(self, step: str, results: dict[str, ItemResult]) -> StepOutcome:
        """What the loop `step` decides once every item ended as `results` says."""
        outcome = await self._loop(step).finish(self.ctx, LoopResult(tuple(results), results))
        outcome = self.ctx.graph.resolved(str(step), outcome, self.ctx)
        self._keep(str(step), outcome)
        return outcome

    def _loop(self, step: str) -> ItemLoop:
        loop = self.ctx.graph.node(str(step)).run
        assert isinstance(loop, ItemLoop), f"{step} is not a per-item loop"
        return loop

    def _keep(self, name: str, outcome: StepOutcome) -> None:
        artifact = outcome.artifact
        stored = None if artifact is None else artifact if isinstance(artifact, dict) else \
            artifact.model_dump(mode="json")
        # What the engine writes of a step is checked for held values first (HeldValueLeak).
        self.ctx.held.check(f"step {name}", outcome.summary, outcome.diff or "", stored or {})
        self.records.finished(RUN_ID, name, str(outcome.verdict))
        if stored is not None:
            self.ctx.artifacts[name] = stored

    async def prepare(self, step: str = "prepare") -> StepOutcome:
        """The graph's real PREPARE (checkout, config, sandbox, graph), then the scripted
        runner in place of the model."""
        outcome = await self.run(step)
        if self.ctx.tools.step_runner is not None:
            self.ctx.tools.step_runner = self.runner  # type: ignore[assignment]
        return outcome

    async def without_checkout(self, config: RepoConfig | None = None) -> None:
        """What a step that never looks at the code needs: the issue, the runner, a config."""
        tools = self.ctx.tools
        tools.issue = await self.forge.get_issue(self.repo, self.ctx.issue.number)
        tools.step_runner = self.runner  # type: ignore[assignment]
        tools.repo_config = config or RepoConfig()

    def give(self, step: str, artifact: dict[str, Any]) -> None:
        """An earlier step's artifact, as if it had run."""
        self.ctx.artifacts[str(step)] = artifact

    async def close(self) -> None:
        workspace = self.ctx.tools.checkout
        if workspace is not None:
            workspace.remove()
        await self.ctx.runtime.db.dispose()


def build_bench(tmp_path: Path, graph: Graph, bare: Path, *, title: str, body: str,
                chain: str | None = None, state: dict[str, Any] | None = None,
                subject: ItemRef | None = None, **settings: Any) -> StepBench:
    forge = FakeForge("github")
    repo = forge.add_repo(REPO, clone_path=bare)
    forge.set_permission(REPO, SUMMONER, Permission.MAINTAIN)
    forge.set_permission(REPO, AUTHOR, Permission.READ)
    number = forge.add_issue(REPO, title, body, author=AUTHOR)
    records = FakeRunRecords()
    runtime = Runtime(settings=bench_settings(tmp_path, **settings), db=Database(NO_DATABASE),
                      forges={"github": forge})
    issue = subject or ItemRef("issue", number)
    held = HeldValues(graph.held)  # as the engine does: held values never leave the run
    guarded = GuardedForge(forge, held) if graph.held else forge

    async def sink(event: TrajectoryEvent) -> None:
        held.check("the trajectory", event.args, event.detail)
        await records.record_event(RUN_ID, event)

    ctx = RunContext(
        run_id=RUN_ID, runtime=runtime, forge=guarded, repo=repo, issue=issue,
        chain=chain or graph.name, graph=graph, state=RunState.load(state), artifacts={},
        trajectory=Trajectory(sink=sink),
        status=StatusBoard(PostgresRunStore(runtime.db), forge, repo, issue, RUN_ID,
                           graph.step_names()),
        records=records, summoned_by=SUMMONER, held=held,
    )
    return StepBench(ctx, forge, records, ScriptedStepRunner(), bare)

"""What a step can reach while a run is walked: the run, the forge, the store, earlier artifacts.

One `RunContext` per execution of a run (a resumed run gets a new one, rebuilt from the store).
Three kinds of memory, kept apart on purpose:
- `state` (bot/engine/state.py): what the run remembers across jobs, persisted as JSON;
- `tools` and `notes` (bot/engine/tools.py): collaborators PREPARE builds and what this
  execution noted on its way, gone with the job;
- `held` (bot/engine/held.py): values that must never be persisted or shown at all.

What a step writes down about its run (state, record, failure stories, trajectory) and reads
back goes through `records` (bot/engine/records.py), never through a database session.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, TypeVar

from pydantic import BaseModel

from bot.engine.held import Held, HeldValues
from bot.engine.records import FailureStory, RunRecords
from bot.engine.state import RunState
from bot.engine.tools import RunNotes, RunTools, needed
from bot.forge.base import Forge, ItemRef, RepoRef
from bot.services import Runtime
from bot.workspace.trajectory import Trajectory

if TYPE_CHECKING:
    from bot.codegraph.graph import CodeGraph
    from bot.codegraph.lazy import LazyCodeGraph
    from bot.config import Settings
    from bot.engine.fencing import RunLease
    from bot.engine.graph import Graph
    from bot.engine.status import StatusBoard
    from bot.llm.ledger import TokenLedger
    from bot.llm.runner import StepRunner
    from bot.protected_paths import ProtectedPaths
    from bot.repo_config import RepoConfig
    from bot.workspace.checkout import Checkout
    from bot.workspace.sandbox import Sandbox

A = TypeVar("A", bound=BaseModel)
T = TypeVar("T")


@dataclass
class RunContext:
    run_id: int
    runtime: Runtime
    forge: Forge
    repo: RepoRef
    issue: ItemRef | None
    """Where the run speaks (status comment, endings, labels); None for a campaign, which
    has no issue (bot/engine/status.py `speaks_on`)."""
    chain: str
    graph: "Graph"
    state: RunState
    artifacts: dict[str, dict[str, Any]]
    trajectory: Trajectory
    status: "StatusBoard"
    records: RunRecords
    summoned_by: str | None = None
    resume_diff: str | None = None
    change_request_number: int | None = None
    change_request_url: str | None = None
    branch: str | None = None
    base_branch: str | None = None
    tools: RunTools = field(default_factory=RunTools)
    notes: RunNotes = field(default_factory=RunNotes)
    held: HeldValues = field(default_factory=lambda: HeldValues(()))
    lease: "RunLease | None" = None
    """This execution's claim on the run (bot/engine/fencing.py); None where nothing else
    could walk it (a step's unit test)."""

    @property
    def settings(self) -> "Settings":
        return self.runtime.settings

    @property
    def item(self) -> ItemRef:
        """`issue` for the steps of chains that always speak somewhere (a fix, a rework, the
        examples, tests asked for on an issue or a change request); a campaign has none."""
        if self.issue is None:
            raise LookupError(f"run {self.run_id} has no issue or change request to speak on")
        return self.issue

    # The tools PREPARE builds; asking before it ran raises ToolMissing.
    @property
    def workspace(self) -> "Checkout":
        return needed(self.tools.checkout, "checkout")

    @property
    def repo_config(self) -> "RepoConfig":
        return needed(self.tools.repo_config, "repo_config")

    @property
    def sandbox(self) -> "Sandbox":
        return needed(self.tools.sandbox, "sandbox")

    @property
    def step_runner(self) -> "StepRunner":
        return needed(self.tools.step_runner, "step_runner")

    @property
    def protected(self) -> "ProtectedPaths":
        return needed(self.tools.protected, "protected")

    @property
    def ledger(self) -> "TokenLedger | None":
        return self.tools.ledger

    @property
    def code_graph(self) -> "CodeGraph | LazyCodeGraph | None":
        return self.tools.code_graph

    def usage(self) -> tuple[int, int, float]:
        """Tokens in, tokens out and dollars this execution has spent so far."""
        ledger = self.tools.ledger
        if ledger is None:
            return (0, 0, 0.0)
        usage = ledger.usage
        return (usage.input_tokens + usage.cache_read_tokens + usage.cache_write_tokens,
                usage.output_tokens, ledger.cost_usd)

    async def hold(self, key: Held[T]) -> T:
        """A held value of this run, computed on first use (never persisted)."""
        return await self.held.get(key, self)

    def artifact(self, step: str, model: type[A]) -> A | None:
        """The newest artifact of `step`, validated as `model` (None if the step has none)."""
        data = self.artifacts.get(step)
        return None if data is None else model.model_validate(data)

    def require(self, step: str, model: type[A]) -> A:
        found = self.artifact(step, model)
        if found is None:
            raise LookupError(f"step {step!r} has no artifact yet in run {self.run_id}")
        return found

    async def executions(self, step: str) -> int:
        """Finished executions of `step` in this run that counted (not environment retries)."""
        return await self.records.executions(self.run_id, step)

    async def answer_reviewer(self, text: str) -> None:
        """A rework run answers where it was asked: in every thread one of its requests came
        from (once each), and once on the change request for requests made outside a thread."""
        number = self.state.change_request
        if number is None:
            raise LookupError(f"run {self.run_id} continues no change request")
        threads = list(dict.fromkeys(str(r.thread_id) for r in self.state.requests
                                     if r.thread_id))
        for thread in threads:
            await self.forge.reply_to_thread(self.repo, number, thread, text)
        if not threads or any(not r.thread_id for r in self.state.requests):
            await self.forge.create_comment(self.repo, ItemRef("change_request", number), text)

    async def fence(self, what: str) -> None:
        """Raise `LeaseLost` if another executor has claimed the run: called right before a
        write that is not SQL nor a forge call (a push)."""
        if self.lease is not None:
            await self.lease.check(what)

    async def record_failure(self, step: str, kind: str, evidence: str) -> None:
        """A story for the rules loop (red runs, rejections, vetoes, review comments)."""
        await self.records.record_failure(FailureStory(
            repo=self.repo, run_id=self.run_id, step=step, kind=kind, evidence=evidence,
            change_request_number=self.change_request_number,
            source_url=self.change_request_url,
        ))

    async def save_state(self, **changes: Any) -> None:
        """Change fields of the run's state and persist it: what a resumed run must remember."""
        state = RunState.model_validate({**self.state.dump(), **changes})
        stored = state.dump()
        self.held.check("the run's state", stored)  # before it is kept: a leak changes nothing
        self.state = state
        await self.update_run(params=stored)

    async def update_run(self, **values: Any) -> None:
        self.held.check("the run's record", list(values.values()))
        await self.records.update_run(self.run_id, values)
        for key in ("branch", "base_branch", "change_request_number", "change_request_url"):
            if key in values:
                setattr(self, key, values[key])


"""What a step can reach while a run is walked: the run, the forge, the store, earlier artifacts.

One `RunContext` per execution of a run (a resumed run gets a new one, rebuilt from the store).
Chain-specific collaborators (the checkout, the model step runner, the code graph) are filled
in by the steps that create them (PREPARE) and typed here so every chain can use them.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, TypeVar

from pydantic import BaseModel

from bot.forge.base import Forge, ItemRef, RepoRef
from bot.services import Runtime
from bot.store.models import Run
from bot.store.steps import record_failure
from bot.workspace.trajectory import Trajectory, TrajectoryEvent

if TYPE_CHECKING:
    from bot.chain.status import StatusBoard

A = TypeVar("A", bound=BaseModel)


@dataclass
class RunContext:
    run_id: int
    runtime: Runtime
    forge: Forge
    repo: RepoRef
    issue: ItemRef
    chain: str
    params: dict[str, Any]
    artifacts: dict[str, dict[str, Any]]
    trajectory: Trajectory
    status: "StatusBoard"
    summoned_by: str | None = None
    resume_diff: str | None = None
    change_request_number: int | None = None
    change_request_url: str | None = None
    branch: str | None = None
    base_branch: str | None = None
    feedback: list[str] = field(default_factory=list)
    # Filled by PREPARE (types kept loose so this module stays free of heavy imports):
    workspace: Any = None
    repo_config: Any = None
    step_runner: Any = None
    ledger: Any = None
    code_graph: Any = None
    protected: Any = None
    scratch: dict[str, Any] = field(default_factory=dict)

    @property
    def settings(self):  # noqa: ANN201 - Settings, imported lazily by callers
        return self.runtime.settings

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
        from bot.store.steps import counted_executions

        async with self.runtime.db.transaction() as session:
            return await counted_executions(session, self.run_id, step)

    async def answer_reviewer(self, text: str) -> None:
        """A rework run answers where it was asked: in the reviewer's thread, else on the CR."""
        number = int(self.params["change_request"])
        threads = [r.get("thread_id") for r in self.params.get("requests", [])
                   if r.get("thread_id")]
        if threads:
            await self.forge.reply_to_thread(self.repo, number, str(threads[0]), text)
        else:
            await self.forge.create_comment(self.repo, ItemRef("change_request", number), text)

    async def record_failure(self, step: str, kind: str, evidence: str) -> None:
        """A story for the rules loop (red runs, rejections, vetoes, review comments)."""
        async with self.runtime.db.transaction() as session:
            await record_failure(
                session, forge=self.repo.forge, repo=self.repo.full_name, run_id=self.run_id,
                step=step, kind=kind, evidence=evidence[:20000],
                change_request_number=self.change_request_number,
                source_url=self.change_request_url,
            )

    async def update_params(self, **values: Any) -> None:
        """Merge into the run's params and persist them: what a resumed run must remember."""
        for key, value in values.items():
            if value is None:
                self.params.pop(key, None)
            else:
                self.params[key] = value
        await self.update_run(params=dict(self.params))

    async def update_run(self, **values: Any) -> None:
        from sqlalchemy import update

        async with self.runtime.db.transaction() as session:
            await session.execute(update(Run).where(Run.id == self.run_id).values(**values))
        for key in ("branch", "base_branch", "change_request_number", "change_request_url"):
            if key in values:
                setattr(self, key, values[key])


async def persist_trajectory_event(runtime: Runtime, run_id: int, event: TrajectoryEvent) -> None:
    from bot.store.steps import record_trajectory

    async with runtime.db.transaction() as session:
        await record_trajectory(
            session, run_id, seq=event.seq, step=event.step, actor=event.actor,
            tool=event.tool, args=event.args, ok=event.ok, detail=event.detail,
        )

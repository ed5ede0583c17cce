"""What a run's steps write down and read back: the seam between the steps and the store.

Steps never open a database session themselves; they go through `ctx.records`, a `RunRecords`.
The engine hands every context `StoreRecords` (Postgres, through the queries of bot/store); unit
tests of a step hand it an in-memory one (tests/fakes/records.py), so a step can be tested
with no database at all. What stays with the engine (step rows, checkpoints, the status
comment, cancellation) is not part of this seam: a step never touches it.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any, Protocol, runtime_checkable

from bot.audit.actions import record_push
from bot.forge.base import RepoRef
from bot.llm.ledger import UsageRecord
from bot.store.db import Database
from bot.store.lease import Lease
from bot.store.runs import get_run, pushed_heads, update_run
from bot.store.steps import (
    counted_executions,
    latest_artifacts,
    latest_diff,
    record_failure,
    record_model_call,
    record_trajectory,
)
from bot.store.trajectory import trajectory_rows
from bot.workspace.trajectory import TrajectoryEvent

MAX_EVIDENCE_CHARS = 20_000


@dataclass(frozen=True)
class FailureStory:
    """One story for the rules loop: a red run, a rejection, a veto, a reviewer's comment."""

    repo: RepoRef
    run_id: int
    step: str
    kind: str
    evidence: str
    change_request_number: int | None = None
    source_url: str | None = None


@dataclass(frozen=True)
class EarlierRun:
    """What a rework run adopts from the run that opened the change request."""

    params: dict[str, Any] | None
    artifacts: dict[str, dict[str, Any]] = field(default_factory=dict)
    diff: str | None = None
    """Its newest stored diff: the change the change request holds (the validator's evidence)."""


@runtime_checkable
class RunRecords(Protocol):
    """Everything a step records about its run, or reads back, outside the run's own memory."""

    async def executions(self, run_id: int, step: str) -> int:
        """Finished executions of `step` that counted (environment retries do not)."""
        ...

    async def update_run(self, run_id: int, values: dict[str, Any]) -> None:
        """Change columns of the run's record (`params` is the run state)."""
        ...

    async def record_failure(self, story: FailureStory) -> None: ...

    async def record_event(self, run_id: int, event: TrajectoryEvent) -> None: ...

    async def events(
        self, run_id: int, *, actor: str | None = None, tools: Iterable[str] | None = None,
        ok: bool | None = None,
    ) -> list[TrajectoryEvent]:
        """The run's trajectory in order, across executions (a resumed run's memory is empty)."""
        ...

    async def approved_rules(self, repo: RepoRef, step: str) -> list[str]:
        """Rules a maintainer approved for `step` (this repository's and global ones)."""
        ...

    async def pushed_heads(self, repo: RepoRef, branch: str) -> set[str]:
        """Every head Smith pushed to `branch` (any run): others are somebody else's."""
        ...

    async def spent(self, run_id: int) -> tuple[int, float]:
        """Tokens and dollars the run spent in earlier executions."""
        ...

    async def record_push(self, run_id: int, repo: RepoRef, *, branch: str, head: str,
                          forced: bool, lease: str | None) -> None:
        """A push Smith made, for the audit trail (`smith audit --kind push`)."""
        ...

    async def record_model_call(self, run_id: int, record: UsageRecord) -> None: ...

    async def earlier_run(self, run_id: int) -> EarlierRun | None:
        """Another run's state and newest artifacts (a rework builds on its origin)."""
        ...


class StoreRecords:
    """`RunRecords` in PostgreSQL, one short transaction per call (bot/store owns the SQL).

    With `fence` (the engine's executor's lease, bot/store/lease.py), the run's record, its
    trajectory and its failure stories are written only while that lease is the run's; a
    lost one raises `LeaseLost`. Usage and pushes are facts whoever made them: not fenced."""

    def __init__(self, db: Database, *, fence: Lease | None = None) -> None:
        self.db = db
        self.fence = fence

    async def executions(self, run_id: int, step: str) -> int:
        async with self.db.transaction() as session:
            return await counted_executions(session, run_id, step)

    async def update_run(self, run_id: int, values: dict[str, Any]) -> None:
        async with self.db.transaction() as session:
            await update_run(session, run_id, fence=self.fence, **values)

    async def record_failure(self, story: FailureStory) -> None:
        async with self.db.transaction() as session:
            await record_failure(
                session, fence=self.fence, forge=story.repo.forge, repo=story.repo.full_name,
                run_id=story.run_id,
                step=story.step, kind=story.kind, evidence=story.evidence[:MAX_EVIDENCE_CHARS],
                change_request_number=story.change_request_number, source_url=story.source_url,
            )

    async def record_event(self, run_id: int, event: TrajectoryEvent) -> None:
        async with self.db.transaction() as session:
            await record_trajectory(
                session, run_id, fence=self.fence, seq=event.seq, step=event.step,
                actor=event.actor,
                tool=event.tool, args=event.args, ok=event.ok, detail=event.detail,
            )

    async def events(
        self, run_id: int, *, actor: str | None = None, tools: Iterable[str] | None = None,
        ok: bool | None = None,
    ) -> list[TrajectoryEvent]:
        async with self.db.transaction() as session:
            rows = await trajectory_rows(session, run_id, actor=actor, tools=tools, ok=ok)
            return [TrajectoryEvent.model_validate(
                {"seq": r.seq, "step": r.step, "actor": r.actor, "tool": r.tool, "args": r.args,
                 "ok": r.ok, "detail": r.detail}) for r in rows]

    async def approved_rules(self, repo: RepoRef, step: str) -> list[str]:
        try:
            from bot.store.rules import active_rules
        except ImportError:  # the rules loop is optional in this build
            return []
        async with self.db.transaction() as session:
            return await active_rules(session, forge=repo.forge, repo=repo.full_name, step=step)

    async def pushed_heads(self, repo: RepoRef, branch: str) -> set[str]:
        async with self.db.transaction() as session:
            return await pushed_heads(session, forge=repo.forge, repo=repo.full_name,
                                      branch=branch)

    async def record_push(self, run_id: int, repo: RepoRef, *, branch: str, head: str,
                          forced: bool, lease: str | None) -> None:
        await record_push(self.db, repo, branch=branch, head=head, forced=forced,
                          run_id=run_id, lease=lease)

    async def spent(self, run_id: int) -> tuple[int, float]:
        async with self.db.transaction() as session:
            run = await get_run(session, run_id)
            if run is None:
                return 0, 0.0
            return run.input_tokens + run.output_tokens, run.cost_usd

    async def record_model_call(self, run_id: int, record: UsageRecord) -> None:
        await store_usage(self.db, run_id, record)

    async def earlier_run(self, run_id: int) -> EarlierRun | None:
        async with self.db.transaction() as session:
            run = await get_run(session, run_id)
            if run is None:
                return None
            return EarlierRun(params=run.params,
                              artifacts=await latest_artifacts(session, run_id),
                              diff=await latest_diff(session, run_id))


async def store_usage(db: Database, run_id: int | None, record: UsageRecord) -> None:
    """One model call's usage in the store (`run_id` None: a call outside a run, the miner's)."""
    async with db.transaction() as session:
        await record_model_call(
            session, run_id, step=record.step, model=record.model,
            input_tokens=record.usage.input_tokens, output_tokens=record.usage.output_tokens,
            cache_read_tokens=record.usage.cache_read_tokens,
            cache_write_tokens=record.usage.cache_write_tokens, cost_usd=record.cost_usd,
        )

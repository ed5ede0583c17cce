"""The engine's own rows, behind one seam: claiming a run, step rows, checkpoints, the status
comment's id, cancellation, the lease, spending caps and notices.

Steps reach the store through `RunRecords` (records.py); the engine itself reaches it through a
`RunStore`. `PostgresRunStore` is the one Smith runs on: the same queries of bot/store, in the
same transactions, as before this seam existed. An in-memory one (tests/fakes/run_store.py)
keeps the same promises, held to them by tests/chain/test_run_store.py, so toy graphs and the
engine's behaviours (budgets, checkpoints, pauses, loops, held values) walk in the fast loop
without PostgreSQL.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any, Protocol, runtime_checkable

from bot.budgets.caps import CapHit
from bot.budgets.guard import cap_status
from bot.config import BudgetSettings, Settings
from bot.engine.records import RunRecords
from bot.engine.stories import TellingRecords
from bot.notices.messages import Notice
from bot.notices.outbox import notify, notify_near_cap
from bot.repo_config import BudgetsConfig
from bot.store.db import Database
from bot.store.lease import Lease, check_lease, claim_run
from bot.store.models import Run, Step
from bot.store.runs import get_run, lock_run, run_steps, update_run
from bot.store.steps import (
    add_run_usage,
    close_open_steps,
    counted_executions,
    fail_open_steps,
    finish_step,
    latest_artifacts,
    latest_diff,
    start_step,
)
from bot.store.trajectory import last_seq

RUNNABLE = ("queued", "running")


@dataclass(frozen=True)
class RunView:
    """A run's record as the engine reads it (plain values, no session behind them)."""

    id: int
    forge: str
    repo: str
    issue_number: int | None
    chain: str
    status: str
    params: dict[str, Any] | None = None
    summoned_by: str | None = None
    change_request_number: int | None = None
    change_request_url: str | None = None
    branch: str | None = None
    base_branch: str | None = None
    subject_kind: str = "issue"
    subject_key: str = ""
    current_step: str | None = None
    outcome: str | None = None
    reason: str | None = None
    cancel_requested: bool = False
    status_comment_id: int | None = None
    input_tokens: int = 0
    output_tokens: int = 0
    cost_usd: float = 0.0
    lease: int = 0
    created_at: datetime | None = None
    started_at: datetime | None = None
    finished_at: datetime | None = None

    @classmethod
    def of(cls, run: Run) -> RunView:
        return cls(**{name: getattr(run, name) for name in cls.__dataclass_fields__})


@dataclass(frozen=True)
class StepRow:
    """One execution of a step (or one try of an item of its loop), as stored."""

    id: int
    name: str
    status: str
    item: str | None = None
    attempt: int = 1
    verdict: str | None = None
    summary: str | None = None
    artifact: dict[str, Any] | None = None
    diff: str | None = None
    input_tokens: int = 0
    output_tokens: int = 0
    cost_usd: float = 0.0
    duration_ms: int | None = None

    @classmethod
    def of(cls, step: Step) -> StepRow:
        return cls(**{name: getattr(step, name) for name in cls.__dataclass_fields__})


@dataclass(frozen=True)
class Claim:
    """What a walk starts from: the run as claimed, the executor's lease, and where it goes on."""

    run: RunView
    lease: Lease
    resume_at: str | None
    artifacts: dict[str, dict[str, Any]] = field(default_factory=dict)
    """The newest artifact of each step that finished (a resumed run's memory)."""
    diff: str | None = None
    """The newest stored diff (the implement checkpoint a resumed run re-applies)."""
    seq: int = 0
    """The run's last trajectory sequence number."""


@dataclass(frozen=True)
class Begun:
    """A step execution asked for: the tries it had already spent, and its new row (None when
    those reached its budget, so none was started)."""

    tries: int
    step_id: int | None


@dataclass(frozen=True)
class Finished:
    """What a step execution's row is closed with."""

    status: str
    summary: str
    verdict: str | None = None
    artifact: dict[str, Any] | None = None
    diff: str | None = None
    input_tokens: int = 0
    output_tokens: int = 0
    cost_usd: float = 0.0
    duration_ms: int = 0


@runtime_checkable
class RunStore(Protocol):
    """Everything the engine keeps about a run besides what its steps record (`records`).
    Every write given `fence` lands only while that lease is the run's, else `LeaseLost`."""

    def records(self, fence: Lease | None) -> TellingRecords | RunRecords:
        """The steps' seam over this store, its writes fenced by `fence`."""
        ...

    async def claim(self, run_id: int) -> Claim | None:
        """Claim a queued or running run for one executor: raise its lease, close the steps a
        dead executor left open (as environment trouble), mark it running; None when the run
        is missing or over."""
        ...

    async def begin_step(self, run_id: int, name: str, *, item: str | None = None,
                         budget: int | None = None, fence: Lease | None = None) -> Begun:
        """Count the tries that spent the step's (or item's) budget and, within it, open a
        `running` row; a step's own row is also the run's current step."""
        ...

    async def finish_step(self, run_id: int, step_id: int, finished: Finished, *,
                          checkpoint: str | None = None, fence: Lease | None = None) -> None:
        """Close the row, add its usage to the run's and, with `checkpoint`, store where a run
        cut short goes on, all in one transaction."""
        ...

    async def fail_open_steps(self, run_id: int, *, fence: Lease | None = None) -> None:
        """Rows still `running` when the run ends failed."""
        ...

    async def run(self, run_id: int) -> RunView | None: ...

    async def step_rows(self, run_id: int) -> list[StepRow]:
        """Every row of the run in the order they were opened."""
        ...

    async def set_status_comment(self, run_id: int, comment_id: int, *,
                                 fence: Lease | None = None) -> None: ...

    async def check_lease(self, lease: Lease, what: str) -> None:
        """Raise `LeaseLost` unless `lease` is still the run's."""
        ...

    async def caps(self, budgets: BudgetSettings, forge: str, repo: str,
                   own: BudgetsConfig | None) -> tuple[CapHit | None, CapHit | None]:
        """The first spending cap reached and the first near its limit (bot/budgets)."""
        ...

    async def notify(self, settings: Settings, notice: Notice) -> None: ...

    async def notify_near_cap(self, settings: Settings, hit: CapHit, *, forge: str) -> None: ...


class PostgresRunStore:
    """`RunStore` in PostgreSQL, through the queries of bot/store."""

    def __init__(self, db: Database) -> None:
        self.db = db

    def records(self, fence: Lease | None) -> TellingRecords:
        return TellingRecords(self.db, fence=fence)

    async def claim(self, run_id: int) -> Claim | None:
        async with self.db.transaction() as session:
            run = await lock_run(session, run_id)
            if run is None or run.status not in RUNNABLE:
                return None
            # The claim: from here on only this executor's writes land (a stalled one's
            # open steps are closed as interrupted, like a dead one's).
            lease = await claim_run(session, run_id)
            await close_open_steps(session, run_id)
            run.status = "running"
            run.started_at = run.started_at or _now()
            view = RunView.of(run)
        async with self.db.transaction() as session:
            return Claim(view, lease, view.current_step,
                         artifacts=await latest_artifacts(session, run_id),
                         diff=await latest_diff(session, run_id),
                         seq=await last_seq(session, run_id))

    async def begin_step(self, run_id: int, name: str, *, item: str | None = None,
                         budget: int | None = None, fence: Lease | None = None) -> Begun:
        async with self.db.transaction() as session:
            tries = await counted_executions(session, run_id, name, item=item)
            if budget is not None and tries >= budget:
                return Begun(tries, None)
            row = await start_step(session, run_id, name, item=item, fence=fence)
            if item is None:
                await update_run(session, run_id, fence=fence, current_step=name)
            return Begun(tries, row.id)

    async def finish_step(self, run_id: int, step_id: int, finished: Finished, *,
                          checkpoint: str | None = None, fence: Lease | None = None) -> None:
        async with self.db.transaction() as session:
            await finish_step(
                session, step_id, status=finished.status, summary=finished.summary,
                verdict=finished.verdict, artifact=finished.artifact, diff=finished.diff,
                input_tokens=finished.input_tokens, output_tokens=finished.output_tokens,
                cost_usd=finished.cost_usd, duration_ms=finished.duration_ms, fence=fence)
            await add_run_usage(session, run_id, finished.input_tokens, finished.output_tokens,
                                finished.cost_usd)
            if checkpoint is not None:
                await update_run(session, run_id, fence=fence, current_step=checkpoint)

    async def fail_open_steps(self, run_id: int, *, fence: Lease | None = None) -> None:
        async with self.db.transaction() as session:
            await fail_open_steps(session, run_id, fence=fence)

    async def run(self, run_id: int) -> RunView | None:
        async with self.db.transaction() as session:
            run = await get_run(session, run_id)
            return RunView.of(run) if run is not None else None

    async def step_rows(self, run_id: int) -> list[StepRow]:
        async with self.db.transaction() as session:
            return [StepRow.of(step) for step in await run_steps(session, run_id)]

    async def set_status_comment(self, run_id: int, comment_id: int, *,
                                 fence: Lease | None = None) -> None:
        async with self.db.transaction() as session:
            await update_run(session, run_id, fence=fence, status_comment_id=comment_id)

    async def check_lease(self, lease: Lease, what: str) -> None:
        async with self.db.transaction() as session:
            await check_lease(session, lease, what)

    async def caps(self, budgets: BudgetSettings, forge: str, repo: str,
                   own: BudgetsConfig | None) -> tuple[CapHit | None, CapHit | None]:
        return await cap_status(self.db, budgets, forge, repo, own)

    async def notify(self, settings: Settings, notice: Notice) -> None:
        await notify(self.db, settings, notice)

    async def notify_near_cap(self, settings: Settings, hit: CapHit, *, forge: str) -> None:
        await notify_near_cap(self.db, settings, hit, forge=forge)


def _now() -> datetime:
    return datetime.now(UTC)

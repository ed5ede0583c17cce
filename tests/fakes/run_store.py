"""`RunStore` in memory: the engine's rows (runs, steps, checkpoints, the lease) in dicts.

The PostgreSQL store (bot/engine/run_store.py, `PostgresRunStore`) and this one keep the same
promises: tests/chain/test_run_store.py runs both through the same checks. The engine's tests
walk toy graphs on this one (tests/chain/world.py), so the fast loop needs no database; the
records its steps write (`records`) are `FakeRunRecords` over the same runs, fenced like the
store's.
"""

from __future__ import annotations

from dataclasses import MISSING, fields, replace
from datetime import UTC, datetime
from typing import Any

from bot.budgets.caps import CapHit
from bot.config import BudgetSettings, Settings
from bot.engine.records import FailureStory
from bot.engine.run_store import RUNNABLE, Begun, Claim, Finished, RunView, StepRow
from bot.notices.messages import Notice
from bot.repo_config import BudgetsConfig
from bot.store.lease import Lease, LeaseLost
from bot.workspace.trajectory import TrajectoryEvent
from tests.fakes.records import NOT_COUNTED, FakeRunRecords


class MemoryRunStore:
    """Every run a dict of the columns `RunView` names; every step a `StepRow`, in order."""

    def __init__(self) -> None:
        self.runs: dict[int, dict[str, Any]] = {}
        self.rows: dict[int, list[StepRow]] = {}
        self.notices: list[Notice] = []
        """What the engine would have queued for the notice hooks."""
        self.cap_hits: tuple[CapHit | None, CapHit | None] = (None, None)
        """What `caps` answers: this store keeps no spend across runs, a test sets a hit."""
        self._ids = 0
        self.shared = FakeRunRecords(runs=self.runs)
        """What the steps' records hold (stories, trajectory, rules...), shared by every
        executor's view of the store."""

    # -- what a test seeds and reads ---------------------------------------------------------

    def new_run(self, *, forge: str = "github", repo: str = "octo/toy", issue: int | None = 1,
                chain: str = "toy", summoned_by: str | None = "dev", **values: Any) -> int:
        run_id = len(self.runs) + 1
        self.runs[run_id] = {
            **{f.name: f.default for f in fields(RunView) if f.default is not MISSING},
            "id": run_id, "forge": forge, "repo": repo, "issue_number": issue, "chain": chain,
            "status": "queued", "summoned_by": summoned_by, "params": {},
            "subject_key": f"{issue}" if issue is not None else "",
            "created_at": datetime.now(UTC), **values}
        self.rows[run_id] = []
        return run_id

    def change(self, run_id: int, **values: Any) -> None:
        """What a handler or a shell command writes outside the engine (cancel, approve)."""
        self.runs[run_id].update(values)

    # -- RunStore ------------------------------------------------------------------------------

    def records(self, fence: Lease | None) -> MemoryRecords:
        return MemoryRecords(self, fence)

    async def claim(self, run_id: int) -> Claim | None:
        run = self.runs.get(run_id)
        if run is None or run["status"] not in RUNNABLE:
            return None
        run["lease"] = int(run.get("lease") or 0) + 1
        for index, row in enumerate(self.rows[run_id]):
            if row.status == "running":
                self.rows[run_id][index] = replace(row, status="environment",
                                                   verdict="environment", summary="interrupted")
        run["status"] = "running"
        run["started_at"] = run.get("started_at") or datetime.now(UTC)
        counted = [row for row in self.rows[run_id] if row.status not in NOT_COUNTED]
        artifacts = {row.name: row.artifact for row in counted
                     if row.item is None and row.artifact is not None}
        diffs = [row.diff for row in self.rows[run_id] if row.diff is not None]
        events = self.shared.trajectory.get(run_id, [])
        return Claim(self._view(run_id), Lease(run_id, run["lease"]), run.get("current_step"),
                     artifacts=artifacts, diff=diffs[-1] if diffs else None,
                     seq=max((e.seq for e in events), default=0))

    async def begin_step(self, run_id: int, name: str, *, item: str | None = None,
                         budget: int | None = None, fence: Lease | None = None) -> Begun:
        mine = [row for row in self.rows[run_id] if row.name == name and row.item == item]
        tries = sum(1 for row in mine if row.status not in NOT_COUNTED)
        if budget is not None and tries >= budget:
            return Begun(tries, None)
        self._check(fence, f"starting step {name}")
        self._ids += 1
        self.rows[run_id].append(StepRow(id=self._ids, name=name, status="running", item=item,
                                         attempt=len(mine) + 1))
        if item is None:
            self.runs[run_id]["current_step"] = name
        return Begun(tries, self._ids)

    async def finish_step(self, run_id: int, step_id: int, finished: Finished, *,
                          checkpoint: str | None = None, fence: Lease | None = None) -> None:
        self._check(fence, "finishing a step")
        rows = self.rows[run_id]
        index = next(i for i, row in enumerate(rows) if row.id == step_id)
        rows[index] = replace(
            rows[index], status=finished.status, verdict=finished.verdict or finished.status,
            summary=finished.summary[:2000], artifact=finished.artifact, diff=finished.diff,
            input_tokens=finished.input_tokens, output_tokens=finished.output_tokens,
            cost_usd=finished.cost_usd, duration_ms=finished.duration_ms)
        run = self.runs[run_id]
        run["input_tokens"] = int(run.get("input_tokens") or 0) + finished.input_tokens
        run["output_tokens"] = int(run.get("output_tokens") or 0) + finished.output_tokens
        run["cost_usd"] = float(run.get("cost_usd") or 0.0) + finished.cost_usd
        if checkpoint is not None:
            run["current_step"] = checkpoint

    async def fail_open_steps(self, run_id: int, *, fence: Lease | None = None) -> None:
        if fence is not None and not self._holds(fence):
            return  # the store's UPDATE ... WHERE the lease holds: nothing, and no error
        self.rows[run_id] = [
            replace(row, status="failed", verdict="failed", summary="stopped: the run ended")
            if row.status == "running" else row for row in self.rows[run_id]]

    async def run(self, run_id: int) -> RunView | None:
        return self._view(run_id) if run_id in self.runs else None

    async def step_rows(self, run_id: int) -> list[StepRow]:
        return list(self.rows.get(run_id, []))

    async def set_status_comment(self, run_id: int, comment_id: int, *,
                                 fence: Lease | None = None) -> None:
        self._check(fence, "setting status_comment_id")
        self.runs[run_id]["status_comment_id"] = comment_id

    async def check_lease(self, lease: Lease, what: str) -> None:
        self._check(lease, what)

    async def caps(self, budgets: BudgetSettings, forge: str, repo: str,
                   own: BudgetsConfig | None) -> tuple[CapHit | None, CapHit | None]:
        return self.cap_hits

    async def notify(self, settings: Settings, notice: Notice) -> None:
        self.notices.append(notice)

    async def notify_near_cap(self, settings: Settings, hit: CapHit, *, forge: str) -> None:
        self.notices.append(Notice(event="budget_near_cap", summary=hit.reason()))

    # -- the lease -----------------------------------------------------------------------------

    def _holds(self, lease: Lease) -> bool:
        run = self.runs.get(lease.run_id)
        return run is not None and int(run.get("lease") or 0) == lease.token

    def _check(self, fence: Lease | None, what: str) -> None:
        if fence is not None and not self._holds(fence):
            raise LeaseLost(fence, what)

    def _view(self, run_id: int) -> RunView:
        run = self.runs[run_id]
        return RunView(**{name: run[name] for name in RunView.__dataclass_fields__
                          if name in run})


class MemoryRecords(FakeRunRecords):
    """The steps' records over a `MemoryRunStore`: the run's record is the store's, executions
    are its step rows, and the run's own writes are fenced by the executor's lease."""

    def __init__(self, store: MemoryRunStore, fence: Lease | None) -> None:
        shared = store.shared
        super().__init__(runs=store.runs, failures=shared.failures,
                         trajectory=shared.trajectory, model_calls=shared.model_calls,
                         rules=shared.rules, heads=shared.heads, earlier=shared.earlier,
                         pushes=shared.pushes)
        self.store, self.fence = store, fence
        self.told: list[str] = []
        """The kinds of the stories told, as the engine's `TellingRecords` keep them."""

    def _fenced(self, what: str) -> None:
        self.store._check(self.fence, what)

    async def executions(self, run_id: int, step: str) -> int:
        return sum(1 for row in self.store.rows.get(run_id, [])
                   if row.name == str(step) and row.item is None
                   and row.status not in NOT_COUNTED)

    async def update_run(self, run_id: int, values: dict[str, Any]) -> None:
        self._fenced(f"setting {', '.join(sorted(values))}")
        await super().update_run(run_id, values)

    async def record_failure(self, story: FailureStory) -> None:
        self._fenced(f"recording a {story.kind} story")
        await super().record_failure(story)
        self.told.append(story.kind)

    async def record_event(self, run_id: int, event: TrajectoryEvent) -> None:
        self._fenced(f"recording {event.tool}")
        await super().record_event(run_id, event)

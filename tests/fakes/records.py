"""`RunRecords` in memory: what a run's steps write down, kept in lists a test can read.

The engine's Postgres implementation (bot/engine/records.py, `StoreRecords`) and this one keep
the same promises; tests/steps/test_records.py runs both through the same checks. The engine's
own rows (a step's execution, its verdict) are not part of the seam: a test that needs "this
step already ran twice" says so with `finished(step)`, as the engine would have.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field, replace
from typing import Any

from bot.engine.records import MAX_EVIDENCE_CHARS, EarlierRun, FailureStory
from bot.forge.base import RepoRef
from bot.llm.ledger import UsageRecord
from bot.workspace.trajectory import TrajectoryEvent

NOT_COUNTED = ("environment", "running")


@dataclass
class FakeRunRecords:
    """Every call recorded; `runs[run_id]` is the run's record as `update_run` left it."""

    runs: dict[int, dict[str, Any]] = field(default_factory=dict)
    failures: list[FailureStory] = field(default_factory=list)
    trajectory: dict[int, list[TrajectoryEvent]] = field(default_factory=dict)
    model_calls: list[tuple[int, UsageRecord]] = field(default_factory=list)
    rules: dict[tuple[str, str], list[str]] = field(default_factory=dict)
    """Approved rules per (repository, step); repository "" holds the global ones."""
    heads: dict[tuple[str, str], set[str]] = field(default_factory=dict)
    """Heads Smith pushed, per (repository, branch), by earlier runs."""
    earlier: dict[int, EarlierRun] = field(default_factory=dict)
    pushes: list[dict[str, Any]] = field(default_factory=list)
    """Pushes the run's steps reported, for the audit trail."""
    executed: list[tuple[int, str, str]] = field(default_factory=list)
    """(run, step, verdict) of finished executions, as the engine's step rows would say."""

    # -- what a test seeds ---------------------------------------------------------------------

    def finished(self, run_id: int, step: str, verdict: str = "passed") -> None:
        self.executed.append((run_id, str(step), verdict))

    def approve(self, step: str, text: str, *, repo: RepoRef | None = None) -> None:
        key = (str(repo) if repo else "", str(step))
        self.rules.setdefault(key, []).append(text)

    def stories(self, kind: str | None = None) -> list[FailureStory]:
        return [s for s in self.failures if kind is None or s.kind == kind]

    # -- RunRecords ----------------------------------------------------------------------------

    async def executions(self, run_id: int, step: str) -> int:
        return sum(1 for run, name, verdict in self.executed
                   if run == run_id and name == str(step) and verdict not in NOT_COUNTED)

    async def update_run(self, run_id: int, values: dict[str, Any]) -> None:
        self.runs.setdefault(run_id, {}).update(values)

    async def record_failure(self, story: FailureStory) -> None:
        self.failures.append(replace(story, evidence=story.evidence[:MAX_EVIDENCE_CHARS]))

    async def record_event(self, run_id: int, event: TrajectoryEvent) -> None:
        events = self.trajectory.setdefault(run_id, [])
        if any(e.seq == event.seq for e in events):  # the store's unique (run, seq)
            raise ValueError(f"trajectory event {event.seq} of run {run_id} exists already")
        events.append(event.model_copy(deep=True))

    async def events(
        self, run_id: int, *, actor: str | None = None, tools: Iterable[str] | None = None,
        ok: bool | None = None,
    ) -> list[TrajectoryEvent]:
        wanted = set(tools) if tools is not None else None
        return [e.model_copy(deep=True)
                for e in sorted(self.trajectory.get(run_id, []), key=lambda e: e.seq)
                if (actor is None or e.actor == actor)
                and (wanted is None or e.tool in wanted) and (ok is None or e.ok is ok)]

    async def approved_rules(self, repo: RepoRef, step: str) -> list[str]:
        return [*self.rules.get(("", str(step)), []), *self.rules.get((str(repo), str(step)), [])]

    async def record_push(self, run_id: int, repo: RepoRef, *, branch: str, head: str,
                          forced: bool, lease: str | None) -> None:
        self.pushes.append({"run": run_id, "repo": repo.full_name, "branch": branch,
                            "head": head, "forced": forced, "lease": lease})

    async def pushed_heads(self, repo: RepoRef, branch: str) -> set[str]:
        heads = set(self.heads.get((repo.full_name, branch), set()))
        for record in self.runs.values():  # this fake's runs count too, as in the store
            params = record.get("params") or {}
            if record.get("branch") == branch and params.get("pushed_head"):
                heads.add(str(params["pushed_head"]))
        return heads

    async def spent(self, run_id: int) -> tuple[int, float]:
        record = self.runs.get(run_id, {})
        return (int(record.get("input_tokens", 0)) + int(record.get("output_tokens", 0)),
                float(record.get("cost_usd", 0.0)))

    async def record_model_call(self, run_id: int, record: UsageRecord) -> None:
        self.model_calls.append((run_id, record))

    async def earlier_run(self, run_id: int) -> EarlierRun | None:
        return self.earlier.get(run_id)

"""What each dashboard page shows, read from the store as plain view data for the templates."""

from __future__ import annotations

import json
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

from sqlalchemy.ext.asyncio import AsyncSession

from bot.dashboard.timeline import StepExecution, Timeline, build_timeline, format_duration
from bot.store.models import Run, Step
from bot.store.runs import get_run, list_runs, run_steps, run_subject, trajectory

RUNS_ON_INDEX = 100
IMPLEMENT_STEP = "implement"


@dataclass(frozen=True)
class RunLine:
    id: int
    status: str
    repo: str
    forge: str
    subject: str
    """`issue #12`, `change request #7`, `campaign tests:coverage`."""
    chain: str
    outcome: str
    tokens: int
    cost: str
    created: str
    took: str


@dataclass(frozen=True)
class StepPanel:
    id: int
    name: str
    attempt: int
    status: str
    verdict: str
    summary: str
    tokens: int
    cost: str
    took: str
    started: str
    artifact_json: str | None


@dataclass(frozen=True)
class RunDetail:
    run: RunLine
    reason: str
    current_step: str
    branch: str
    change_request_url: str
    merged: str
    timeline: Timeline
    steps: list[StepPanel]
    trajectory: list[dict[str, Any]]
    diff: str | None
    diff_attempt: int | None


async def run_lines(session: AsyncSession, repo: str | None) -> list[RunLine]:
    return [run_line(run) for run in await list_runs(session, limit=RUNS_ON_INDEX, repo=repo)]


async def run_detail(session: AsyncSession, run_id: int, *, now: datetime | None = None
                     ) -> RunDetail | None:
    run = await get_run(session, run_id)
    if run is None:
        return None
    steps = await run_steps(session, run_id)
    events = await trajectory(session, run_id)
    last_implement = next((s for s in reversed(steps) if s.name == IMPLEMENT_STEP and s.diff),
                          None)
    return RunDetail(
        run=run_line(run),
        reason=run.reason or "",
        current_step=run.current_step or "",
        branch=run.branch or "",
        change_request_url=run.change_request_url or "",
        merged=_merged(run),
        # An execution left open (running, waiting for a human) ends with its run, or now.
        timeline=build_timeline([_execution(step) for step in steps],
                                now=run.finished_at or now or datetime.now(UTC)),
        steps=[step_panel(step) for step in steps],
        trajectory=[
            {"seq": event.seq, "step": event.step, "actor": event.actor, "tool": event.tool,
             "args": json.dumps(event.args, ensure_ascii=False, sort_keys=True),
             "ok": event.ok, "detail": event.detail}
            for event in events
        ],
        diff=last_implement.diff if last_implement else None,
        diff_attempt=last_implement.attempt if last_implement else None,
    )


def run_line(run: Run) -> RunLine:
    took = (format_duration((run.finished_at - run.started_at).total_seconds() * 1000)
            if run.started_at and run.finished_at else "-")
    return RunLine(
        id=run.id, status=run.status, repo=run.repo, forge=run.forge,
        subject=run_subject(run).label(),
        chain=run.chain, outcome=run.outcome or "", tokens=(run.input_tokens or 0)
        + (run.output_tokens or 0), cost=f"${run.cost_usd or 0.0:.2f}",
        created=_when(run.created_at), took=took,
    )


def step_panel(step: Step) -> StepPanel:
    return StepPanel(
        id=step.id, name=step.name, attempt=step.attempt, status=step.status,
        verdict=step.verdict or "", summary=step.summary or "",
        tokens=(step.input_tokens or 0) + (step.output_tokens or 0),
        cost=f"${step.cost_usd or 0.0:.3f}", took=format_duration(step.duration_ms),
        started=_when(step.started_at),
        artifact_json=None if step.artifact is None
        else json.dumps(step.artifact, indent=2, ensure_ascii=False, sort_keys=False),
    )


def _execution(step: Step) -> StepExecution:
    return StepExecution(name=step.name, attempt=step.attempt, status=step.status,
                         verdict=step.verdict, started_at=step.started_at,
                         finished_at=step.finished_at, duration_ms=step.duration_ms)


def _merged(run: Run) -> str:
    if run.merged is None:
        return "-"
    if not run.merged:
        return "closed without merge"
    return "merged without edits" if run.merged_without_edits else "merged"


def _when(moment: datetime | None) -> str:
    return moment.astimezone(UTC).strftime("%Y-%m-%d %H:%M:%S UTC") if moment else "-"

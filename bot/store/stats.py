"""The rows the stats loop counts: one per run, one per step execution, filtered by repository
and day. Counting is `bot.stats.compute`'s (pure); this module only reads."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, date, datetime, time
from typing import Any, TypeVar, Unpack, cast

from sqlalchemy import Select, and_, case, extract, func, or_, select
from sqlalchemy.ext.asyncio import AsyncSession

from bot.store.models import Run, Step

CHANGE_REQUEST_OUTCOME = "change_request"
S = TypeVar("S", bound="Select[Unpack[tuple[Any, ...]]]")


@dataclass(frozen=True)
class RunRow:
    """The columns of one run the stats need."""

    id: int
    repo: str
    chain: str
    status: str
    outcome: str | None
    has_change_request: bool
    merged: bool | None
    merged_without_edits: bool | None
    created_at: datetime
    subject_kind: str = "issue"
    """What the run belonged to: `issue`, `change_request` or `campaign`."""


@dataclass(frozen=True)
class StepRow:
    """The columns of one step execution the stats need."""

    run_id: int
    name: str
    attempt: int
    status: str
    verdict: str | None
    tokens: int
    duration_ms: int | None



def _run_filter(statement: S, repo: str | None, since: date | None) -> S:
    if repo:
        statement = statement.where(Run.repo == repo)
    if since is not None:
        statement = statement.where(Run.created_at >= datetime.combine(since, time(), tzinfo=UTC))
    return statement


async def load_run_rows(
    session: AsyncSession, *, repo: str | None = None, since: date | None = None
) -> list[RunRow]:
    has_change_request = or_(
        Run.change_request_number.is_not(None), Run.change_request_url.is_not(None),
        Run.outcome == CHANGE_REQUEST_OUTCOME,
    )
    statement = _run_filter(
        select(Run.id, Run.repo, Run.chain, Run.status, Run.outcome, has_change_request,
               Run.merged, Run.merged_without_edits, Run.created_at, Run.subject_kind),
        repo, since,
    )
    rows = (await session.execute(statement)).all()
    return [RunRow(*cast(tuple[Any, ...], row)) for row in rows]


async def load_step_rows(
    session: AsyncSession, *, repo: str | None = None, since: date | None = None
) -> list[StepRow]:
    # A step that recorded no duration but has both ends is measured from its timestamps.
    measured = case(
        (and_(Step.duration_ms.is_(None), Step.finished_at.is_not(None)),
         func.round(extract("epoch", Step.finished_at - Step.started_at) * 1000)),
        else_=Step.duration_ms,
    )
    statement = _run_filter(
        select(Step.run_id, Step.name, Step.attempt, Step.status, Step.verdict,
               Step.input_tokens + Step.output_tokens, measured)
        .join(Run, Run.id == Step.run_id),
        repo, since,
    )
    return [
        StepRow(run_id=run_id, name=name, attempt=attempt, status=status, verdict=verdict,
                tokens=int(tokens or 0), duration_ms=None if duration is None else int(duration))
        for run_id, name, attempt, status, verdict, tokens, duration
        in (await session.execute(statement)).all()
    ]

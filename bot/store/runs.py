"""Queries about runs: create one at most once per subject, find, cancel and requeue them.

Handlers, the CLI and the dashboard call these; none of them writes SQL on runs itself.
"""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

from sqlalchemy import func, select, update
from sqlalchemy.dialects.postgresql import insert
from sqlalchemy.ext.asyncio import AsyncSession

from bot.store.lease import Lease, update_run_fenced
from bot.store.models import Run, Step, TrajectoryRow
from bot.subjects import Subject, SubjectKind

ACTIVE_STATUSES = ("queued", "running", "paused")


async def create_run(
    session: AsyncSession,
    *,
    forge: str,
    repo: str,
    chain: str,
    summoned_by: str | None,
    issue: int | None = None,
    subject: Subject | None = None,
    params: dict[str, Any] | None = None,
) -> Run | None:
    """A new queued run, or None when its subject already has a live one (the partial unique
    index decides, so two handlers racing on the same subject cannot both win).

    The subject defaults to the issue; a run of another subject may still name the issue it
    reports on."""
    if subject is None:
        if issue is None:
            raise ValueError("a run needs a subject or an issue")
        subject = Subject.issue(issue)
    elif subject.kind == "issue":
        issue = subject.number
    values: dict[str, Any] = {}
    if subject.kind == "change_request":
        values["change_request_number"] = subject.number
    statement = (
        insert(Run)
        .values(forge=forge, repo=repo, subject_kind=subject.kind, subject_key=subject.key,
                issue_number=issue, chain=chain, status="queued", summoned_by=summoned_by,
                params=params or {}, cancel_requested=False, input_tokens=0, output_tokens=0,
                cost_usd=0.0, **values)
        .on_conflict_do_nothing(
            index_elements=["forge", "repo", "subject_kind", "subject_key"],
            index_where=Run.status.in_(ACTIVE_STATUSES),
        )
        .returning(Run.id)
    )
    run_id = (await session.execute(statement)).scalar_one_or_none()
    if run_id is None:
        return None
    return await session.get(Run, run_id)


def run_subject(run: Run) -> Subject:
    kind: SubjectKind = run.subject_kind  # type: ignore[assignment]  # checked by the table
    return Subject(kind, run.subject_key)


async def live_run(session: AsyncSession, *, forge: str, repo: str,
                   subject: Subject) -> Run | None:
    """The subject's queued, running or paused run, if any (at most one exists)."""
    statement = select(Run).where(
        Run.forge == forge, Run.repo == repo, Run.subject_kind == subject.kind,
        Run.subject_key == subject.key, Run.status.in_(ACTIVE_STATUSES))
    return (await session.execute(statement)).scalar_one_or_none()


async def newest_run_created(session: AsyncSession, *, forge: str, repo: str,
                             subject: Subject) -> datetime | None:
    """When the subject's newest run was queued, whatever became of it (None: never). The
    campaign scheduler counts a slot as served by any run queued after it."""
    statement = select(func.max(Run.created_at)).where(
        Run.forge == forge, Run.repo == repo, Run.subject_kind == subject.kind,
        Run.subject_key == subject.key)
    return (await session.execute(statement)).scalar_one_or_none()


async def get_run_for_update(session: AsyncSession, run_id: int) -> Run | None:
    return await session.get(Run, run_id, with_for_update=True)


async def newest_run_for_item(session: AsyncSession, *, forge: str, repo: str, kind: str,
                              number: int) -> Run | None:
    """The newest run an issue (kind `issue`) or a change request belongs to."""
    if kind == "issue":
        condition = Run.issue_number == number
    else:
        condition = Run.change_request_number == number
    statement = (select(Run).where(Run.forge == forge, Run.repo == repo, condition)
                 .order_by(Run.id.desc()).limit(1))
    return (await session.execute(statement)).scalar_one_or_none()


async def queued_rework_for_update(session: AsyncSession, origin: Run) -> Run | None:
    """The origin issue's rework run that is queued and not started yet, locked."""
    statement = (
        select(Run)
        .where(Run.forge == origin.forge, Run.repo == origin.repo,
               Run.issue_number == origin.issue_number, Run.chain == "rework",
               Run.status == "queued")
        .with_for_update()
    )
    return (await session.execute(statement)).scalar_one_or_none()


async def change_request_runs_for_update(session: AsyncSession, *, forge: str, repo: str,
                                         number: int) -> list[Run]:
    """Every run that opened or updated change request `number`, oldest first, locked."""
    statement = (select(Run).where(Run.forge == forge, Run.repo == repo,
                                   Run.change_request_number == number)
                 .order_by(Run.id).with_for_update())
    return list((await session.execute(statement)).scalars())


async def reworks_after(session: AsyncSession, origin: Run) -> list[Run]:
    """The rework runs of the origin's issue that came after it, oldest first."""
    statement = (select(Run).where(Run.forge == origin.forge, Run.repo == origin.repo,
                                   Run.issue_number == origin.issue_number,
                                   Run.chain == "rework", Run.id > origin.id)
                 .order_by(Run.id))
    return list((await session.execute(statement)).scalars())


async def cancel_run(session: AsyncSession, run_id: int, *, reason: str, now: bool) -> None:
    """Cancel a run: at once when nothing executes it (`now`), else ask the engine to stop."""
    values: dict[str, Any] = {"cancel_requested": True, "reason": reason}
    if now:
        values.update(status="cancelled", outcome="cancelled")
    await session.execute(update(Run).where(Run.id == run_id).values(**values))


async def trajectory(session: AsyncSession, run_id: int) -> list[TrajectoryRow]:
    statement = (select(TrajectoryRow).where(TrajectoryRow.run_id == run_id)
                 .order_by(TrajectoryRow.seq))
    return list((await session.execute(statement)).scalars())


async def get_run(session: AsyncSession, run_id: int) -> Run | None:
    return await session.get(Run, run_id)


async def update_run(session: AsyncSession, run_id: int, *, fence: Lease | None = None,
                     **values: Any) -> None:
    """Set columns of one run (the engine's checkpoint, status, branch, state...); with
    `fence`, only while that lease is the run's, else `LeaseLost` (bot/store/lease.py)."""
    if fence is not None:
        await update_run_fenced(session, fence, f"setting {', '.join(sorted(values))}",
                                **values)
        return
    await session.execute(update(Run).where(Run.id == run_id).values(**values))


async def lock_run(session: AsyncSession, run_id: int) -> Run | None:
    """The run row, locked until the transaction ends (one walker at a time)."""
    return await session.get(Run, run_id, with_for_update=True)


async def list_runs(session: AsyncSession, limit: int = 50, repo: str | None = None) -> list[Run]:
    statement = select(Run).order_by(Run.id.desc()).limit(limit)
    if repo:
        statement = statement.where(Run.repo == repo)
    return list((await session.execute(statement)).scalars())


async def run_steps(session: AsyncSession, run_id: int) -> list[Step]:
    statement = select(Step).where(Step.run_id == run_id).order_by(Step.id)
    return list((await session.execute(statement)).scalars())


async def runs_by_status(session: AsyncSession) -> dict[str, int]:
    statement = select(Run.status, func.count()).group_by(Run.status)
    return {status: count for status, count in (await session.execute(statement)).all()}


async def finish_run(
    session: AsyncSession, run_id: int, *, status: str, outcome: str | None, reason: str | None
) -> None:
    await session.execute(
        update(Run).where(Run.id == run_id)
        .values(status=status, outcome=outcome, reason=reason, finished_at=datetime.now(UTC))
    )


def run_as_dict(run: Run) -> dict[str, Any]:
    """A run as plain JSON-ready data (CLI `--json`, the API). `issue` stays for readers
    from before subjects (None for a campaign)."""
    subject = run_subject(run)
    return {
        "id": run.id, "forge": run.forge, "repo": run.repo,
        "subject": {"kind": subject.kind, "key": subject.key, "label": subject.label()},
        "issue": run.issue_number,
        "chain": run.chain, "status": run.status, "outcome": run.outcome, "reason": run.reason,
        "current_step": run.current_step, "summoned_by": run.summoned_by,
        "branch": run.branch, "change_request_url": run.change_request_url,
        "input_tokens": run.input_tokens, "output_tokens": run.output_tokens,
        "cost_usd": round(run.cost_usd or 0.0, 4),
        "created_at": run.created_at.isoformat() if run.created_at else None,
        "started_at": run.started_at.isoformat() if run.started_at else None,
        "finished_at": run.finished_at.isoformat() if run.finished_at else None,
    }


def step_as_dict(step: Step) -> dict[str, Any]:
    """One step execution as plain data (`smith runs show --json`)."""
    return {"name": step.name, "attempt": step.attempt, "status": step.status,
            "verdict": step.verdict, "summary": step.summary, "duration_ms": step.duration_ms,
            "input_tokens": step.input_tokens, "output_tokens": step.output_tokens}


async def pushed_heads(session: AsyncSession, *, forge: str, repo: str, branch: str) -> set[str]:
    """Every head Smith pushed to `branch` of `repo` (any run): a remote head outside this set
    is somebody else's commit."""
    rows = await session.execute(
        select(Run.params).where(Run.forge == forge, Run.repo == repo, Run.branch == branch))
    return {str(p["pushed_head"]) for (p,) in rows if p and p.get("pushed_head")}

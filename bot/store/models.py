"""Tables: deliveries, audit events, runs, steps, trajectory events, model calls, failures and rules.

Runs and steps keep their artifacts as JSON so that a run can be resumed from its last finished
step and every step can be measured afterwards (the stats loop reads these rows).
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

from sqlalchemy import (
    BigInteger,
    Boolean,
    CheckConstraint,
    DateTime,
    Float,
    ForeignKey,
    Index,
    Integer,
    String,
    Text,
    UniqueConstraint,
    func,
    text,
)
from sqlalchemy.dialects.postgresql import JSONB
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column


class Base(DeclarativeBase):
    type_annotation_map = {dict[str, Any]: JSONB, list[Any]: JSONB}


def _now() -> Mapped[datetime]:
    return mapped_column(DateTime(timezone=True), server_default=func.now(), nullable=False)


class Delivery(Base):
    """One webhook delivery, recorded once: a repeated delivery id causes nothing."""

    __tablename__ = "deliveries"
    __table_args__ = (UniqueConstraint("forge", "delivery_id", name="uq_delivery_forge_id"),)

    id: Mapped[int] = mapped_column(BigInteger, primary_key=True)
    forge: Mapped[str] = mapped_column(String(16))
    delivery_id: Mapped[str] = mapped_column(String(200))
    event_name: Mapped[str] = mapped_column(String(100))
    action: Mapped[str | None] = mapped_column(String(100))
    repo: Mapped[str | None] = mapped_column(String(300))
    kind: Mapped[str] = mapped_column(String(50))
    outcome: Mapped[str] = mapped_column(String(50))
    received_at: Mapped[datetime] = _now()


class AuditEvent(Base):
    """Who did what through Smith: every webhook delivery (refused and ignored ones too) with
    its actor, every push and change-request action with its outcome. Kept for a configurable
    time (`SMITH_RETENTION_AUDIT_DAYS`)."""

    __tablename__ = "audit_events"
    __table_args__ = (Index("ix_audit_events_at", "at"),)

    id: Mapped[int] = mapped_column(BigInteger, primary_key=True)
    at: Mapped[datetime] = _now()
    kind: Mapped[str] = mapped_column(String(50))
    forge: Mapped[str | None] = mapped_column(String(16))
    repo: Mapped[str | None] = mapped_column(String(300))
    actor: Mapped[str | None] = mapped_column(String(200))
    subject: Mapped[str | None] = mapped_column(String(300))
    outcome: Mapped[str] = mapped_column(String(50))
    detail: Mapped[dict[str, Any]] = mapped_column(JSONB, default=dict)


def _issue_key(context: Any) -> str:
    """A run created with only an issue number belongs to that issue."""
    number = context.get_current_parameters().get("issue_number")
    if number is None:
        raise ValueError("a run needs a subject key or an issue number")
    return str(number)


class Run(Base):
    """One walk of a chain for one subject: an issue (a fix, or a rework of its change
    request), a change request, or a named campaign of a repository (bot/subjects.py)."""

    __tablename__ = "runs"
    __table_args__ = (
        Index("ix_runs_repo_issue", "forge", "repo", "issue_number"),
        # At most one live run per subject, whatever races the handlers lose.
        Index("uq_runs_one_active_per_subject", "forge", "repo", "subject_kind", "subject_key",
              unique=True, postgresql_where=text("status IN ('queued', 'running', 'paused')")),
        CheckConstraint("subject_kind IN ('issue', 'change_request', 'campaign')",
                        name="ck_runs_subject_kind"),
    )

    id: Mapped[int] = mapped_column(BigInteger, primary_key=True)
    forge: Mapped[str] = mapped_column(String(16))
    repo: Mapped[str] = mapped_column(String(300))
    subject_kind: Mapped[str] = mapped_column(String(20), server_default="issue")
    subject_key: Mapped[str] = mapped_column(String(300), default=_issue_key)
    # The issue a run reports on; None for a run whose subject is not an issue (a campaign).
    issue_number: Mapped[int | None] = mapped_column(Integer)
    chain: Mapped[str] = mapped_column(String(50), default="fix")
    status: Mapped[str] = mapped_column(String(30), default="queued")
    outcome: Mapped[str | None] = mapped_column(String(50))
    reason: Mapped[str | None] = mapped_column(Text)
    current_step: Mapped[str | None] = mapped_column(String(50))
    summoned_by: Mapped[str | None] = mapped_column(String(200))
    delivery_id: Mapped[int | None] = mapped_column(ForeignKey("deliveries.id"))
    params: Mapped[dict[str, Any]] = mapped_column(JSONB, default=dict)
    branch: Mapped[str | None] = mapped_column(String(300))
    base_branch: Mapped[str | None] = mapped_column(String(300))
    change_request_number: Mapped[int | None] = mapped_column(Integer)
    change_request_url: Mapped[str | None] = mapped_column(Text)
    status_comment_id: Mapped[int | None] = mapped_column(BigInteger)
    cancel_requested: Mapped[bool] = mapped_column(Boolean, default=False)
    lease: Mapped[int] = mapped_column(BigInteger, server_default="0", default=0)
    """The fencing token: raised by every executor that claims the run (bot/store/lease.py);
    writes of an executor whose token is no longer this one are refused."""
    input_tokens: Mapped[int] = mapped_column(BigInteger, default=0)
    output_tokens: Mapped[int] = mapped_column(BigInteger, default=0)
    cost_usd: Mapped[float] = mapped_column(Float, default=0.0)
    merged: Mapped[bool | None] = mapped_column(Boolean)
    merged_without_edits: Mapped[bool | None] = mapped_column(Boolean)
    created_at: Mapped[datetime] = _now()
    started_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))
    finished_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))


class Step(Base):
    """One execution of one step of a run: its artifact, verdict, tokens and time."""

    __tablename__ = "steps"
    __table_args__ = (Index("ix_steps_run", "run_id"),)

    id: Mapped[int] = mapped_column(BigInteger, primary_key=True)
    run_id: Mapped[int] = mapped_column(ForeignKey("runs.id", ondelete="CASCADE"))
    name: Mapped[str] = mapped_column(String(50))
    item: Mapped[str | None] = mapped_column(String(300))
    """Set on the rows of a per-item loop (one per try of that item); None on a step's own."""
    attempt: Mapped[int] = mapped_column(Integer, default=1)
    status: Mapped[str] = mapped_column(String(30), default="running")
    verdict: Mapped[str | None] = mapped_column(String(50))
    summary: Mapped[str | None] = mapped_column(Text)
    artifact: Mapped[dict[str, Any] | None] = mapped_column(JSONB)
    diff: Mapped[str | None] = mapped_column(Text)
    input_tokens: Mapped[int] = mapped_column(BigInteger, default=0)
    output_tokens: Mapped[int] = mapped_column(BigInteger, default=0)
    cost_usd: Mapped[float] = mapped_column(Float, default=0.0)
    started_at: Mapped[datetime] = _now()
    finished_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))
    duration_ms: Mapped[int | None] = mapped_column(Integer)


class TrajectoryRow(Base):
    """A tool call by the agent or an action by our code, in order."""

    __tablename__ = "trajectory_events"
    __table_args__ = (UniqueConstraint("run_id", "seq", name="uq_trajectory_run_seq"),)

    id: Mapped[int] = mapped_column(BigInteger, primary_key=True)
    run_id: Mapped[int] = mapped_column(ForeignKey("runs.id", ondelete="CASCADE"))
    seq: Mapped[int] = mapped_column(Integer)
    step: Mapped[str] = mapped_column(String(50))
    actor: Mapped[str] = mapped_column(String(10))
    tool: Mapped[str] = mapped_column(String(50))
    args: Mapped[dict[str, Any]] = mapped_column(JSONB, default=dict)
    ok: Mapped[bool] = mapped_column(Boolean, default=True)
    detail: Mapped[str] = mapped_column(Text, default="")
    created_at: Mapped[datetime] = _now()


class ModelCall(Base):
    """One request to the model: the token ledger."""

    __tablename__ = "model_calls"

    id: Mapped[int] = mapped_column(BigInteger, primary_key=True)
    run_id: Mapped[int | None] = mapped_column(ForeignKey("runs.id", ondelete="CASCADE"))
    step: Mapped[str] = mapped_column(String(50))
    model: Mapped[str] = mapped_column(String(100))
    input_tokens: Mapped[int] = mapped_column(BigInteger, default=0)
    output_tokens: Mapped[int] = mapped_column(BigInteger, default=0)
    cache_read_tokens: Mapped[int] = mapped_column(BigInteger, default=0)
    cache_write_tokens: Mapped[int] = mapped_column(BigInteger, default=0)
    cost_usd: Mapped[float] = mapped_column(Float, default=0.0)
    duration_ms: Mapped[int] = mapped_column(Integer, default=0)
    created_at: Mapped[datetime] = _now()


class Failure(Base):
    """A story for the rules loop: a red run, a rejected step, a veto, a reviewer's comment."""

    __tablename__ = "failures"

    id: Mapped[int] = mapped_column(BigInteger, primary_key=True)
    forge: Mapped[str] = mapped_column(String(16))
    repo: Mapped[str] = mapped_column(String(300))
    run_id: Mapped[int | None] = mapped_column(ForeignKey("runs.id", ondelete="SET NULL"))
    step: Mapped[str] = mapped_column(String(50))
    kind: Mapped[str] = mapped_column(String(50))
    evidence: Mapped[str] = mapped_column(Text)
    change_request_number: Mapped[int | None] = mapped_column(Integer)
    source_url: Mapped[str | None] = mapped_column(Text)
    created_at: Mapped[datetime] = _now()


class Rule(Base):
    """A learned rule for one step: proposed by the miner, decided by a maintainer."""

    __tablename__ = "rules"

    id: Mapped[int] = mapped_column(BigInteger, primary_key=True)
    forge: Mapped[str | None] = mapped_column(String(16))
    repo: Mapped[str | None] = mapped_column(String(300))  # None: applies to every repository
    step: Mapped[str] = mapped_column(String(50))
    text: Mapped[str] = mapped_column(Text)
    rationale: Mapped[str] = mapped_column(Text, default="")
    status: Mapped[str] = mapped_column(String(20), default="proposed")
    evidence_failure_ids: Mapped[list[Any]] = mapped_column(JSONB, default=list)
    proposal_ref: Mapped[dict[str, Any]] = mapped_column(JSONB, default=dict)
    decided_by: Mapped[str | None] = mapped_column(String(200))
    decided_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))
    created_at: Mapped[datetime] = _now()

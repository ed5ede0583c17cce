"""Queries on the audit trail: append, list with filters, forget what is past retention."""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any, cast

from sqlalchemy import CursorResult, delete, select, text
from sqlalchemy.ext.asyncio import AsyncConnection, AsyncSession

from bot.store.models import AuditEvent


@dataclass(frozen=True)
class AuditEntry:
    """One thing that happened, before it is stored."""

    kind: str
    outcome: str
    forge: str | None = None
    repo: str | None = None
    actor: str | None = None
    subject: str | None = None
    detail: dict[str, Any] | None = None

    def row(self) -> dict[str, Any]:
        return {
            "kind": self.kind[:50], "outcome": self.outcome[:50], "forge": self.forge,
            "repo": (self.repo or None) and self.repo[:300],
            "actor": (self.actor or None) and self.actor[:200],
            "subject": (self.subject or None) and self.subject[:300],
            "detail": self.detail or {},
        }


_APPEND = text(
    """
    INSERT INTO audit_events (kind, outcome, forge, repo, actor, subject, detail)
    SELECT e.r->>'kind', e.r->>'outcome', e.r->>'forge', e.r->>'repo', e.r->>'actor',
           e.r->>'subject', COALESCE(e.r->'detail', '{}'::jsonb)
    FROM jsonb_array_elements(CAST(:rows AS jsonb)) WITH ORDINALITY AS e(r, n)
    ORDER BY e.n
    """
)


async def append_audit(conn: AsyncConnection | AsyncSession, entries: Sequence[AuditEntry]) -> None:
    """All `entries` in one statement, in order. An ORM insert of a list went out as one
    INSERT per row (psycopg's executemany), which under a webhook burst cost Postgres and the
    request loop more than recording the deliveries themselves."""
    if entries:
        rows = json.dumps([entry.row() for entry in entries], default=str)
        await conn.execute(_APPEND, {"rows": rows})


async def list_audit(
    session: AsyncSession,
    *,
    since: datetime | None = None,
    kind: str | None = None,
    actor: str | None = None,
    repo: str | None = None,
    limit: int = 100,
) -> list[AuditEvent]:
    """Newest first."""
    query = select(AuditEvent).order_by(AuditEvent.at.desc(), AuditEvent.id.desc()).limit(limit)
    if since is not None:
        query = query.where(AuditEvent.at >= since)
    if kind:
        query = query.where(AuditEvent.kind == kind)
    if actor:
        query = query.where(AuditEvent.actor == actor)
    if repo:
        query = query.where(AuditEvent.repo == repo)
    return list((await session.execute(query)).scalars())


async def audit_exists(session: AsyncSession, *, kind: str, subject: str) -> bool:
    """Whether a row of `kind` about `subject` was written (a notice sent once per period)."""
    found = await session.execute(select(AuditEvent.id).where(
        AuditEvent.kind == kind, AuditEvent.subject == subject).limit(1))
    return found.first() is not None


async def delete_audit_before(session: AsyncSession, cutoff: datetime) -> int:
    result = cast(
        CursorResult[Any], await session.execute(delete(AuditEvent).where(AuditEvent.at < cutoff))
    )
    return int(result.rowcount or 0)

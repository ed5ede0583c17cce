"""The audit trail's writer: who did what through Smith, without slowing the webhook down.

Deliveries are noted on the request path, so their audit rows are written in the background,
many per statement, from a bounded queue: a flood of refused requests can cost memory only up
to the bound (the rest are counted as dropped in the log), and never delays an answer. Actions
Smith takes on a forge (pushes, change requests) are written at once with `record`.
"""

from __future__ import annotations

import asyncio
from collections.abc import Sequence

import structlog

from bot.store.audit import AuditEntry, append_audit
from bot.store.db import Database, DatabaseUnavailable

log = structlog.get_logger(__name__)

MAX_PENDING = 10_000
MAX_BATCH = 500


async def record(db: Database, *entries: AuditEntry) -> None:
    """Write now; an audit row must never fail the action it describes, so errors are logged."""
    try:
        async with db.transaction() as session:
            await append_audit(session, entries)
    except (DatabaseUnavailable, OSError) as exc:
        log.error("audit_not_recorded", error=str(exc), kinds=[e.kind for e in entries])


class AuditLog:
    """`note(entry)` queues; one background writer drains the queue in batches."""

    def __init__(self, db: Database, *, max_pending: int = MAX_PENDING) -> None:
        self.db = db
        self.max_pending = max_pending
        self._pending: list[AuditEntry] = []
        self._writer: asyncio.Task[None] | None = None
        self.dropped = 0

    def note(self, entry: AuditEntry) -> None:
        if len(self._pending) >= self.max_pending:
            self.dropped += 1
            return
        self._pending.append(entry)
        if self._writer is None or self._writer.done():
            self._writer = asyncio.get_running_loop().create_task(self._drain())

    async def flush(self) -> None:
        """Wait until everything noted so far is written (tests, shutdown)."""
        while self._writer is not None and not self._writer.done():
            await asyncio.shield(self._writer)

    async def _drain(self) -> None:
        while self._pending:
            batch, self._pending = self._pending[:MAX_BATCH], self._pending[MAX_BATCH:]
            await self._write(batch)
        if self.dropped:
            log.warning("audit_entries_dropped", dropped=self.dropped)
            self.dropped = 0

    async def _write(self, batch: Sequence[AuditEntry]) -> None:
        try:
            async with self.db.autocommit() as conn:
                await append_audit(conn, batch)
        except Exception as exc:  # noqa: BLE001 - the audit writer must outlive a bad batch
            log.error("audit_batch_not_recorded", error=str(exc), size=len(batch))

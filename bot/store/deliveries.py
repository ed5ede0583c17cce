"""Queries on webhook deliveries: recording them with their jobs, which were seen, which
repositories sent them, and forgetting old ones (the runs they caused keep their row; only the
link goes)."""

from __future__ import annotations

import json
from collections.abc import Iterable, Sequence
from datetime import datetime
from typing import Any, cast

from sqlalchemy import CursorResult, text
from sqlalchemy.ext.asyncio import AsyncConnection, AsyncSession

from bot.store.queue import EVENTS_QUEUE, HANDLE_EVENT

_RECORD_BATCH = text(
    """
    WITH events AS (
        SELECT ordinality - 1 AS n, event
        FROM jsonb_array_elements(CAST(:events AS jsonb)) WITH ORDINALITY AS e(event, ordinality)
    ),
    input AS (
        SELECT x.*, events.event FROM jsonb_to_recordset(CAST(:rows AS jsonb)) AS x(
            n int, forge text, delivery_id text, event_name text, action text, repo text,
            kind text, trace text)
        JOIN events USING (n)
    ),
    inserted AS (
        INSERT INTO deliveries (forge, delivery_id, event_name, action, repo, kind, outcome)
        SELECT forge, delivery_id, event_name, action, repo, kind, 'queued'
        FROM input ORDER BY n
        ON CONFLICT ON CONSTRAINT uq_delivery_forge_id DO NOTHING
        RETURNING id, forge, delivery_id
    ),
    jobs AS MATERIALIZED (
        SELECT procrastinate_defer_jobs_v1(array_agg(ROW(
            :queue, :task, 0, NULL, NULL,
            jsonb_build_object('delivery', i.id, 'event', x.event)
            || CASE WHEN x.trace IS NULL THEN '{}'::jsonb
                    ELSE jsonb_build_object('trace', x.trace) END, NULL
        )::procrastinate_job_to_defer_v1 ORDER BY x.n)) AS ids
        FROM inserted i JOIN input x USING (forge, delivery_id)
    )
    SELECT i.forge, i.delivery_id FROM inserted i CROSS JOIN (SELECT 1 FROM jobs) AS done
    """
)
_FORGET = text(
    """
    WITH old AS (SELECT id FROM deliveries WHERE received_at < :cutoff),
    unlinked AS (UPDATE runs SET delivery_id = NULL WHERE delivery_id IN (SELECT id FROM old))
    DELETE FROM deliveries WHERE id IN (SELECT id FROM old)
    """
)
_REPOSITORIES = text(
    "SELECT repo FROM runs WHERE forge = :forge "
    "UNION SELECT repo FROM deliveries WHERE forge = :forge AND repo IS NOT NULL"
)
_RECORDED = text(
    "SELECT delivery_id FROM deliveries WHERE forge = :forge AND delivery_id = ANY(:ids)"
)


async def forget_deliveries_before(session: AsyncSession, cutoff: datetime) -> int:
    """Delete deliveries received before `cutoff`; how many went."""
    result = cast(CursorResult[Any], await session.execute(_FORGET, {"cutoff": cutoff}))
    return int(result.rowcount or 0)


async def known_repositories(session: AsyncSession, forge: str) -> list[str]:
    """Every repository of `forge` Smith has runs or deliveries for."""
    rows = await session.execute(_REPOSITORIES, {"forge": forge})
    return [str(row[0]) for row in rows]


async def recorded_delivery_ids(session: AsyncSession, forge: str,
                                ids: Iterable[str]) -> set[str]:
    """The ones among `ids` that Smith recorded."""
    wanted = sorted(set(ids))
    if not wanted:
        return set()
    rows = await session.execute(_RECORDED, {"forge": forge, "ids": wanted})
    return {str(row[0]) for row in rows}


async def record_deliveries_with_jobs(
    conn: AsyncConnection, rows: Sequence[dict[str, Any]], events: Sequence[str]
) -> set[tuple[str, str]]:
    """Record deliveries and queue one `handle_event` job for each new one, in one statement
    (group commit, bot/intake.py). `rows[n]` describes the delivery whose event JSON is
    `events[n]`; returns the (forge, delivery id) pairs that were new.

    The events, already JSON, are joined into one JSON array: as a `text[]` parameter psycopg
    escaped each one with a regex, ~0.3 ms a 10 kB event, more than the rest of the ack."""
    result = await conn.execute(_RECORD_BATCH, {
        "rows": json.dumps(list(rows)), "events": "[" + ",".join(events) + "]",
        "queue": EVENTS_QUEUE, "task": HANDLE_EVENT,
    })
    return {(str(forge), str(delivery_id)) for forge, delivery_id in result.all()}

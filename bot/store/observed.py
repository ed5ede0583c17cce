"""What `/metrics` reads from the store at scrape time: aggregates only, one query each.

Step durations come as cumulative bucket counts computed by Postgres (a histogram's wire
format), so a scrape never loads step rows into Python however many there are.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from sqlalchemy import text
from sqlalchemy.ext.asyncio import AsyncSession

from bot.store.queue import QUEUES
from bot.store.stats import TEST_FILES_STEP

STEP_BUCKETS_SECONDS = (1.0, 5.0, 15.0, 30.0, 60.0, 120.0, 300.0, 600.0, 1200.0, 1800.0,
                        3600.0)


@dataclass(frozen=True)
class StepDurations:
    chain: str
    step: str
    outcome: str
    count: int
    sum_seconds: float
    buckets: tuple[int, ...]
    """Executions at or under each of STEP_BUCKETS_SECONDS, cumulative."""


@dataclass(frozen=True)
class Usage:
    chain: str
    step: str
    repo: str
    calls: int
    input_tokens: int
    output_tokens: int
    cache_read_tokens: int
    cache_write_tokens: int
    cost_usd: float


@dataclass(frozen=True)
class Count:
    labels: tuple[str, ...]
    value: int


@dataclass(frozen=True)
class Spend:
    period: str
    repo: str
    cost_usd: float
    tokens: int


@dataclass(frozen=True)
class QueueState:
    queue: str
    status: str
    jobs: int


_BUCKET_COLUMNS = ", ".join(
    f"count(*) FILTER (WHERE s.duration_ms <= {int(bound * 1000)})"
    for bound in STEP_BUCKETS_SECONDS)
_STEP_DURATIONS = text(
    "SELECT r.chain, s.name, s.status, count(*), coalesce(sum(s.duration_ms), 0), "
    f"{_BUCKET_COLUMNS} FROM steps s JOIN runs r ON r.id = s.run_id "
    "WHERE s.duration_ms IS NOT NULL GROUP BY 1, 2, 3"
)
_USAGE = text(
    "SELECT coalesce(r.chain, 'none'), m.step, coalesce(r.repo, 'none'), count(*), "
    "sum(m.input_tokens), sum(m.output_tokens), sum(m.cache_read_tokens), "
    "sum(m.cache_write_tokens), sum(m.cost_usd) "
    "FROM model_calls m LEFT JOIN runs r ON r.id = m.run_id GROUP BY 1, 2, 3"
)
_BUSIEST = text("SELECT repo FROM runs GROUP BY repo ORDER BY count(*) DESC, repo LIMIT :n")
_STEP_OUTCOMES = text(
    "SELECT r.chain, s.name, s.status, count(*) FROM steps s JOIN runs r ON r.id = s.run_id "
    "WHERE s.status <> 'running' GROUP BY 1, 2, 3"
)
# A rejected validation carries its reason code (a veto, an uncovered criterion).
_VALIDATIONS = text(
    "SELECT r.chain, CASE WHEN s.status = 'rejected' THEN coalesce(s.verdict, 'rejected') "
    "ELSE s.status END, count(*) FROM steps s JOIN runs r ON r.id = s.run_id "
    "WHERE s.name = 'validate' AND s.status <> 'running' GROUP BY 1, 2"
)
# Each try at a generated test file left its report: kept, or the gate that stopped it.
_TEST_FILE_TRIES = text(
    "SELECT coalesce(s.artifact->>'status', 'rejected'), coalesce(s.artifact->>'failed_gate', "
    "''), count(*) FROM steps s WHERE s.name = :step AND s.item IS NOT NULL "
    "AND jsonb_typeof(s.artifact) = 'object' GROUP BY 1, 2"
)
_RUNS_FINISHED = text(
    "SELECT chain, repo, status, coalesce(outcome, status), count(*) FROM runs "
    "WHERE finished_at IS NOT NULL GROUP BY 1, 2, 3, 4"
)
# The day and the month are UTC's, as every report of Smith's.
_SPEND = text(
    "SELECT p.period, coalesce(r.repo, 'none'), coalesce(sum(m.cost_usd), 0), "
    "coalesce(sum(m.input_tokens + m.output_tokens), 0) "
    "FROM (VALUES ('day'), ('month')) AS p(period) "
    "JOIN model_calls m ON m.created_at >= date_trunc(p.period, now() AT TIME ZONE 'UTC') "
    "AT TIME ZONE 'UTC' LEFT JOIN runs r ON r.id = m.run_id GROUP BY 1, 2"
)
_QUEUE = text(
    "SELECT queue_name, status::text, count(*) FROM procrastinate_jobs "
    "WHERE queue_name = ANY(:queues) AND status IN ('todo', 'doing') GROUP BY 1, 2"
)
# How long the oldest job due to run has waited: since it was queued (or queued again), or
# since its schedule came, whichever is later.
_QUEUE_AGE = text(
    "SELECT j.queue_name, max(extract(epoch FROM now() - greatest(j.scheduled_at, "
    "(SELECT max(e.at) FROM procrastinate_events e WHERE e.job_id = j.id "
    "AND e.type IN ('deferred', 'deferred_for_retry', 'retried'))))) "
    "FROM procrastinate_jobs j WHERE j.queue_name = ANY(:queues) AND j.status = 'todo' "
    "AND (j.scheduled_at IS NULL OR j.scheduled_at <= now()) GROUP BY 1"
)


async def step_durations(session: AsyncSession) -> list[StepDurations]:
    rows = (await session.execute(_STEP_DURATIONS)).all()
    return [StepDurations(chain=row[0], step=row[1], outcome=row[2], count=int(row[3]),
                          sum_seconds=float(row[4]) / 1000,
                          buckets=tuple(int(n) for n in row[5:]))
            for row in rows]


async def usage(session: AsyncSession) -> list[Usage]:
    return [Usage(chain=row[0], step=row[1], repo=row[2], calls=int(row[3]),
                  input_tokens=int(row[4]), output_tokens=int(row[5]),
                  cache_read_tokens=int(row[6]), cache_write_tokens=int(row[7]),
                  cost_usd=float(row[8]))
            for row in (await session.execute(_USAGE)).all()]


async def busiest_repos(session: AsyncSession, limit: int) -> list[str]:
    """The repositories with the most runs, most first (ties by name)."""
    return [row[0] for row in (await session.execute(_BUSIEST, {"n": limit})).all()]


async def step_outcomes(session: AsyncSession) -> list[Count]:
    return _counts((await session.execute(_STEP_OUTCOMES)).all())


async def validations(session: AsyncSession) -> list[Count]:
    return _counts((await session.execute(_VALIDATIONS)).all())


async def test_file_tries(session: AsyncSession) -> list[Count]:
    """(status, failed gate or '') of every finished try at a generated test file."""
    return _counts((await session.execute(_TEST_FILE_TRIES, {"step": TEST_FILES_STEP})).all())


async def runs_finished(session: AsyncSession) -> list[Count]:
    return _counts((await session.execute(_RUNS_FINISHED)).all())


async def spend(session: AsyncSession) -> list[Spend]:
    return [Spend(period=row[0], repo=row[1], cost_usd=float(row[2]), tokens=int(row[3]))
            for row in (await session.execute(_SPEND)).all()]


async def queue_depth(session: AsyncSession) -> list[QueueState]:
    rows = (await session.execute(_QUEUE, {"queues": list(QUEUES)})).all()
    return [QueueState(queue=row[0], status=row[1], jobs=int(row[2])) for row in rows]


async def queue_age(session: AsyncSession) -> dict[str, float]:
    """Seconds the oldest due job of each queue has waited (queues with none are absent)."""
    rows = (await session.execute(_QUEUE_AGE, {"queues": list(QUEUES)})).all()
    return {row[0]: max(0.0, float(row[1] or 0.0)) for row in rows}


def _counts(rows: Sequence[Any]) -> list[Count]:
    return [Count(labels=tuple(str(v) for v in row[:-1]), value=int(row[-1])) for row in rows]

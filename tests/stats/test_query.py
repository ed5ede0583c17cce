"""The query layer on a real migrated Postgres: filters, measured durations, same numbers as
the plain-row computation."""

from __future__ import annotations

from datetime import UTC, date, datetime, timedelta

from bot.stats.compute import compute_stats
from bot.stats.query import load_stats
from bot.store.db import Database
from bot.store.models import Run, Step
from tests.stats import dataset


async def test_database_rows_give_the_same_report_as_plain_rows(database: Database):
    await dataset.insert_dataset(database)
    async with database.transaction() as session:
        report = await load_stats(session, repo="acme/app", window=dataset.WINDOW)
    expected = compute_stats(dataset.run_rows("acme/app"), dataset.step_rows(),
                             window=dataset.WINDOW, repo="acme/app")
    assert report.as_json() == expected.as_json()
    flags = {s.step: (s.removal_candidate, s.rework_candidate) for s in report.steps}
    assert flags["judge"] == (True, False)
    assert flags["quality"] == (False, True)


async def test_without_filters_every_repository_counts(database: Database):
    await dataset.insert_dataset(database)
    async with database.transaction() as session:
        report = await load_stats(session, window=dataset.WINDOW)
    assert report.funnel.summoned == 7
    judge = next(s for s in report.steps if s.step == "judge")
    assert (judge.runs, judge.rejections, judge.rejections_by_reason) == (6, 2, {"disagree": 2})


async def test_since_keeps_runs_created_on_or_after_that_day(database: Database):
    await dataset.insert_dataset(database)
    async with database.transaction() as session:
        report = await load_stats(session, repo="acme/app", since=date(2026, 3, 4), window=3)
    # r4, r5, r6 (rework), r7
    assert report.funnel.model_dump() == dict(
        summoned=3, change_request=1, merged=0, merged_without_edits=0, rework_runs=1)
    quality = next(s for s in report.steps if s.step == "quality")
    assert (quality.runs, quality.executions, quality.rejections, quality.rework_candidate) == (
        3, 7, 4, True)
    assert report.filters.since == date(2026, 3, 4)


async def test_duration_is_measured_from_timestamps_when_not_recorded(database: Database):
    start = datetime(2026, 3, 1, 12, tzinfo=UTC)
    async with database.transaction() as session:
        run = Run(forge="github", repo="a/b", issue_number=1, chain="fix", status="failed",
                  params={}, cancel_requested=False, input_tokens=0, output_tokens=0,
                  cost_usd=0.0, created_at=start)
        session.add(run)
        await session.flush()
        session.add(Step(run_id=run.id, name="judge", attempt=1, status="passed",
                         input_tokens=30, output_tokens=12, cost_usd=0.0, started_at=start,
                         finished_at=start + timedelta(milliseconds=2500), duration_ms=None))
    async with database.transaction() as session:
        report = await load_stats(session)
    assert report.steps[0].median_duration_ms == 2500.0
    assert report.steps[0].median_tokens == 42.0


async def test_an_empty_database_gives_an_empty_report(database: Database):
    async with database.transaction() as session:
        report = await load_stats(session)
    assert report.steps == []
    assert report.funnel.summoned == 0

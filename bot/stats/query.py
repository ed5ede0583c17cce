"""Reads the rows the stats need from the store and hands them to `compute_stats`."""

from __future__ import annotations

from datetime import date

from sqlalchemy.ext.asyncio import AsyncSession

from bot.stats.compute import DEFAULT_WINDOW, compute_stats
from bot.stats.report import StatsReport
from bot.store.stats import (
    load_examples_rows,
    load_run_rows,
    load_step_rows,
    load_test_file_tries,
)


async def load_stats(
    session: AsyncSession,
    *,
    repo: str | None = None,
    since: date | None = None,
    window: int = DEFAULT_WINDOW,
) -> StatsReport:
    """The stats report over the runs matching the filters."""
    runs = await load_run_rows(session, repo=repo, since=since)
    steps = await load_step_rows(session, repo=repo, since=since)
    tries = await load_test_file_tries(session, repo=repo, since=since)
    examples = await load_examples_rows(session, repo=repo, since=since)
    return compute_stats(runs, steps, window=window, repo=repo, since=since,
                         test_file_tries=tries, examples_rows=examples)

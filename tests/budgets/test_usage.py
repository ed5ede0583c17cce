"""Spending per installation and repository, today and this month, from the store's model
call rows (real PostgreSQL), and `smith stats` showing it beside the caps."""

from __future__ import annotations

import json
from datetime import UTC, datetime, timedelta

import pytest
from sqlalchemy import update

from bot.budgets.guard import cap_reached
from bot.budgets.usage import load_usage
from bot.config import BudgetSettings, PeriodCaps
from bot.store.db import Database
from bot.store.models import ModelCall
from bot.store.runs import create_run
from bot.store.steps import record_model_call
from tests.stats.test_command import smith

NOW = datetime.now(UTC)


async def _spend(db: Database, repo: str | None, usd: float, tokens: int, *,
                 at: datetime | None = None, issue: int = 1) -> None:
    async with db.transaction() as session:
        run_id = None
        if repo is not None:
            run = await create_run(session, forge="github", repo=repo, issue=issue,
                                   chain="fix", summoned_by="m")
            assert run is not None
            run.status, run_id = "succeeded", run.id
        await record_model_call(session, run_id, step="diagnose", model="m",
                                input_tokens=tokens // 2, output_tokens=tokens // 4,
                                cache_read_tokens=tokens // 4, cost_usd=usd)
        if at is not None:
            await session.flush()
            await session.execute(update(ModelCall).where(ModelCall.cost_usd == usd)
                                  .values(created_at=at))


async def _dataset(db: Database) -> None:
    await _spend(db, "acme/web", 1.5, 1000, issue=1)
    await _spend(db, "acme/web", 0.5, 400, issue=2)
    await _spend(db, "acme/api", 2.0, 2000, issue=3)
    await _spend(db, None, 0.25, 100)  # the rule miner: the installation's only
    # Long ago: counted in neither period.
    await _spend(db, "acme/web", 9.0, 9000, at=NOW - timedelta(days=40), issue=4)


async def test_usage_per_installation_and_repository(database: Database):
    await _dataset(database)
    budgets = BudgetSettings(installation=PeriodCaps(day_usd=100),
                             repository=PeriodCaps(day_usd=3, month_tokens=10_000),
                             repositories={"acme/api": PeriodCaps(day_usd=1)})
    async with database.transaction() as session:
        lines = await load_usage(session, budgets)
    day = [(x.scope, x.repo, x.tokens, round(x.usd, 2), x.cap_usd, x.cap_tokens)
           for x in lines if x.period == "day"]
    assert day == [("installation", None, 3500, 4.25, 100, None),
                   ("repository", "acme/api", 2000, 2.0, 1, None),
                   ("repository", "acme/web", 1400, 2.0, 3, None)]
    month = [x for x in lines if x.period == "month"]
    assert month[0].tokens == 3500 and month[2].cap_tokens == 10_000  # 40 days ago: not in it
    async with database.transaction() as session:
        only = await load_usage(session, budgets, repo="ACME/web")
    assert {x.repo for x in only if x.scope == "repository"} == {"acme/web"}


async def test_the_guard_reads_the_same_figures(database: Database):
    await _dataset(database)
    budgets = BudgetSettings(repository=PeriodCaps(day_usd=2.0))
    hit = await cap_reached(database, budgets, "github", "acme/web")
    assert hit is not None and hit.spent == 2.0
    # Another forge's repository of the same name spent nothing.
    assert await cap_reached(database, budgets, "gitlab", "acme/web") is None
    assert await cap_reached(database, BudgetSettings(repository=PeriodCaps(day_usd=2.01)),
                             "github", "acme/web") is None
    # The installation's cap counts the miner's call too.
    assert await cap_reached(database, BudgetSettings(installation=PeriodCaps(day_usd=4.25)),
                             "github", "acme/web") is not None


@pytest.mark.slow  # two `smith` subprocesses
async def test_smith_stats_shows_usage_beside_the_caps(database: Database, database_url: str,
                                                      tmp_path):
    await _dataset(database)
    config = tmp_path / "smith.toml"
    config.write_text('[budgets.installation]\nday_usd = 100\n\n'
                      '[budgets.repositories."acme/api"]\nday_usd = 1.5\n')
    run = smith(database_url, tmp_path, "stats", "--json", config_file=config)
    assert run.returncode == 0, run.stderr
    usage = json.loads(run.stdout)["usage"]
    api = next(x for x in usage if x["repo"] == "acme/api" and x["period"] == "day")
    assert (api["usd"], api["cap_usd"], api["tokens"]) == (2.0, 1.5, 2000)
    table = smith(database_url, tmp_path, "stats", config_file=config)
    assert table.returncode == 0, table.stderr
    line = next(x for x in table.stdout.splitlines() if "github:acme/api" in x and "today" in x)
    assert "2000" in line and "2.00" in line and "1.50" in line

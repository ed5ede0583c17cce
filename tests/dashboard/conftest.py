"""A real Smith web app with the dashboard routes, on a local port and a fresh database."""

from __future__ import annotations

from collections.abc import AsyncIterator, Awaitable, Callable
from dataclasses import dataclass

import aiohttp
import pytest
from aiohttp.test_utils import TestServer

from bot.app import create_app
from bot.config import BudgetSettings, Settings
from bot.dashboard import add_dashboard_routes
from bot.store.db import Database
from handlers import build_router
from tests.dashboard.chart_data import insert_chart_data
from tests.stats import dataset

TOKEN = "dashboard-token-for-tests"


@dataclass
class Dashboard:
    url: str
    db: Database
    runs: dict[str, int]

    async def get(self, path: str, **kwargs) -> tuple[int, dict[str, str], str]:
        async with aiohttp.ClientSession() as client:
            async with client.get(self.url + path, allow_redirects=False, **kwargs) as response:
                return response.status, dict(response.headers), await response.text()


StartDashboard = Callable[..., Awaitable[Dashboard]]


@pytest.fixture
async def start_dashboard(tmp_path, database: Database) -> AsyncIterator[StartDashboard]:
    """Start the app (with or without a token) on the dataset's rows."""
    servers: list[TestServer] = []
    runs = await dataset.insert_dataset(database)

    async def start(*, token: str | None = None, window: int = dataset.WINDOW,
                    charts: bool = False, budgets: BudgetSettings | None = None) -> Dashboard:
        """`charts`: add recent rows for the charts (tests/dashboard/chart_data.py)."""
        if charts:
            runs.update({f"lab_{key}": value
                         for key, value in (await insert_chart_data(database)).items()})
        settings = Settings(data_dir=tmp_path / "data", bot_account="smith-bot")
        app = create_app(
            settings, database, build_router(settings),
            extra_routes=lambda app: add_dashboard_routes(app, database, token=token,
                                                          stats_window=window, budgets=budgets),
        )
        server = TestServer(app, host="127.0.0.1")
        await server.start_server()
        servers.append(server)
        return Dashboard(url=str(server.make_url("")).rstrip("/"), db=database, runs=runs)

    try:
        yield start
    finally:
        for server in servers:
            await server.close()

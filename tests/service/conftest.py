"""A real Smith web app on a local port, on a fresh database, with the real handlers' router."""

from __future__ import annotations

from collections.abc import AsyncIterator
from dataclasses import dataclass

import pytest
from aiohttp.test_utils import TestServer
from pydantic import SecretStr

from bot.app import create_app
from bot.config import Settings
from bot.store.db import Database
from handlers import build_router

GITHUB_SECRET = "It's a Secret to Everybody"
GITLAB_SECRET = "gitlab-token-for-tests"


@dataclass
class RunningSmith:
    url: str
    settings: Settings
    db: Database


def make_settings(tmp_path, **overrides) -> Settings:
    values = dict(
        data_dir=tmp_path / "data",
        github_webhook_secret=SecretStr(GITHUB_SECRET),
        gitlab_webhook_secret=SecretStr(GITLAB_SECRET),
        bot_account="smith-bot",
        summon_label="smith",
        max_body_bytes=1024 * 1024,
    )
    values.update(overrides)
    return Settings(**values)


@pytest.fixture
async def smith_web(tmp_path, database: Database) -> AsyncIterator[RunningSmith]:
    settings = make_settings(tmp_path)
    server = TestServer(create_app(settings, database, build_router(settings)), host="127.0.0.1")
    await server.start_server()
    try:
        yield RunningSmith(url=str(server.make_url("")).rstrip("/"), settings=settings, db=database)
    finally:
        await server.close()

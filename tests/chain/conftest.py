"""The `world` of the engine tests: Postgres, the fake GitHub, a runtime wired to both."""

from __future__ import annotations

from collections.abc import AsyncIterator

import pytest
from pydantic import SecretStr

from bot.config import Settings
from bot.forge.github import GitHubForge
from bot.forge.retry import RetryPolicy
from bot.services import Runtime
from bot.store.db import Database
from tests.chain.world import REPO, World
from tests.fakes.github import FakeGitHub


@pytest.fixture
async def world(tmp_path, database: Database) -> AsyncIterator[World]:
    async with FakeGitHub() as github:
        github.add_repo(REPO)
        issue = github.add_issue(REPO, title="toy")
        forge = GitHubForge(token=github.add_token("smith-bot"), api_url=github.base_url,
                            retry=RetryPolicy(attempts=2, backoff_initial=0.01))
        settings = Settings(data_dir=tmp_path, anthropic_api_key=SecretStr("x"))
        try:
            yield World(Runtime(settings=settings, db=database, forges={"github": forge}),
                        github, issue)
        finally:
            await forge.close()

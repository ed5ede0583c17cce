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
        allowed_bots=["Helper[bot]"],
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


@dataclass
class Stack:
    """Smith's web app + the real handlers + fake forges that send it signed webhooks."""

    smith: RunningSmith
    github: object
    gitlab: object
    runtime: object

    async def drain(self) -> None:
        """Run every queued job (and the jobs those queue) to the end, in this process."""
        from bot.store.queue import QUEUES
        from tests.job_app import drain_app

        app = drain_app(self.smith.db.url, self.runtime)
        async with app.open_async():
            await app.run_worker_async(queues=list(QUEUES), wait=False, install_signal_handlers=False,
                                       listen_notify=False)


@pytest.fixture
async def stack(tmp_path, database: Database) -> AsyncIterator[Stack]:
    from bot.forge.github import GitHubForge
    from bot.forge.gitlab import GitLabForge
    from bot.forge.retry import RetryPolicy
    from bot.services import Runtime
    from tests.chain_stub import run_not_implemented
    from tests.fakes.github import FakeGitHub
    from tests.fakes.gitlab import FakeGitLab

    settings = make_settings(tmp_path)
    router = build_router(settings)
    server = TestServer(create_app(settings, database, router), host="127.0.0.1")
    await server.start_server()
    base = str(server.make_url("")).rstrip("/")
    retry = RetryPolicy(attempts=3, backoff_initial=0.01, backoff_max=0.05, rate_limit_max_wait=2)
    async with FakeGitHub(webhook_url=f"{base}/webhooks/github",
                          webhook_secret=GITHUB_SECRET) as github, \
            FakeGitLab(webhook_url=f"{base}/webhooks/gitlab", webhook_token=GITLAB_SECRET) as gitlab:
        forges = {
            "github": GitHubForge(token=github.add_token("smith-bot"), api_url=github.base_url,
                                  retry=retry),
            "gitlab": GitLabForge(url=gitlab.instance_url, token=gitlab.add_token("smith-bot"),
                                  retry=retry),
        }
        runtime = Runtime(settings=settings, db=database, forges=forges,
                          route_event=router.dispatch, run_chain=run_not_implemented)
        try:
            yield Stack(RunningSmith(base, settings, database), github, gitlab, runtime)
        finally:
            for forge in forges.values():
                await forge.close()
            await server.close()

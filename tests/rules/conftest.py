"""Smith's web app with the real summon and rules handlers, fake GitHub, GitLab and model.

Built like tests/service/conftest.py's `stack`, but routing with `handlers.rules` (until the
composition root includes it) and with a model to mine rules with.
"""

from __future__ import annotations

from collections.abc import AsyncIterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from aiohttp.test_utils import TestServer
from pydantic import SecretStr

from bot.app import create_app
from bot.config import Settings
from bot.forge.base import RepoRef
from bot.services import Runtime
from bot.store.db import Database
from handlers import rules, summon
from handlers.routing import Router
from tests.chain.world import World, postgres_world
from tests.fakes.github import FakeGitHub
from tests.fakes.gitlab import FakeGitLab
from tests.fakes.model import FakeModelServer
from tests.steps.conftest import fix  # noqa: F401 - the step bench, by name

GITHUB_SECRET = "github-secret-for-rules"
GITLAB_SECRET = "gitlab-token-for-rules"
REPO = "octo/widgets"
PROJECT = "group/widgets"


class RulesSettings(Settings):
    """Settings with the rules loop's own field, as bot/config.py will declare it."""

    rules_tracking_issue: int | None = None


def rules_settings(tmp_path: Any, model_url: str, **overrides: Any) -> Settings:
    values: dict[str, Any] = {
        "data_dir": tmp_path / "data",
        "github_webhook_secret": SecretStr(GITHUB_SECRET),
        "gitlab_webhook_secret": SecretStr(GITLAB_SECRET),
        "bot_account": "smith-bot",
        "summon_label": "smith",
        "anthropic_api_key": SecretStr("test-key"),
        "anthropic_base_url": model_url,
        "llm_retry_attempts": 2,
        "llm_retry_base_delay": 0.01,
        "llm_retry_max_delay": 0.02,
    }
    values.update(overrides)
    return RulesSettings(**values)


@dataclass
class RulesStack:
    url: str
    settings: Settings
    db: Database
    github: FakeGitHub
    gitlab: FakeGitLab
    model: FakeModelServer
    runtime: Runtime

    github_repo = RepoRef("github", REPO)
    gitlab_repo = RepoRef("gitlab", PROJECT)

    async def drain(self) -> None:
        """Run every queued job to the end, in this process."""
        from bot.store.queue import QUEUES
        from tests.job_app import drain_app

        app = drain_app(self.db.url, self.runtime)
        async with app.open_async():
            await app.run_worker_async(queues=list(QUEUES), wait=False, install_signal_handlers=False,
                                       listen_notify=False)

    def with_settings(self, **overrides: Any) -> None:
        self.settings = rules_settings(self.settings.data_dir.parent, self.model.base_url,
                                       **overrides)
        self.runtime.settings = self.settings


def _seed(github: FakeGitHub, gitlab: FakeGitLab) -> None:
    github.add_repo(REPO)
    for login, role in (("boss", "maintain"), ("writer", "write"), ("reader", "read"),
                        ("smith-bot", "write")):
        github.set_permission(REPO, login, role)
    gitlab.add_project(PROJECT)
    for user, level in (("boss", 40), ("dev", 30), ("guest", 10), ("smith-bot", 30)):
        gitlab.set_access_level(PROJECT, user, level)


@pytest.fixture
async def rules_stack(tmp_path, database: Database) -> AsyncIterator[RulesStack]:
    from bot.forge.github import GitHubForge
    from bot.forge.gitlab import GitLabForge
    from bot.forge.retry import RetryPolicy
    from tests.chain_stub import run_not_implemented

    async with FakeModelServer() as model:
        settings = rules_settings(tmp_path, model.base_url)
        router = Router(summon.build(settings), rules.build(settings),
                        bot_account=settings.bot_account)
        server = TestServer(create_app(settings, database, router), host="127.0.0.1")
        await server.start_server()
        base = str(server.make_url("")).rstrip("/")
        retry = RetryPolicy(attempts=3, backoff_initial=0.01, backoff_max=0.05,
                            rate_limit_max_wait=2)
        async with FakeGitHub(webhook_url=f"{base}/webhooks/github",
                              webhook_secret=GITHUB_SECRET) as github, \
                FakeGitLab(webhook_url=f"{base}/webhooks/gitlab",
                           webhook_token=GITLAB_SECRET) as gitlab:
            _seed(github, gitlab)
            forges: dict[str, Any] = {
                "github": GitHubForge(token=github.add_token("smith-bot"),
                                      api_url=github.base_url, retry=retry),
                "gitlab": GitLabForge(url=gitlab.instance_url,
                                      token=gitlab.add_token("smith-bot"), retry=retry),
            }
            runtime = Runtime(settings=settings, db=database, forges=forges,
                              route_event=router.dispatch, run_chain=run_not_implemented)
            try:
                yield RulesStack(base, settings, database, github, gitlab, model, runtime)
            finally:
                for forge in forges.values():
                    await forge.close()
                await server.close()


@pytest.fixture
async def world(tmp_path: Path, database: Database) -> AsyncIterator[World]:
    """The engine tests' world on PostgreSQL: the rules loop reads the stories it stored."""
    async with postgres_world(tmp_path, database) as world:
        yield world

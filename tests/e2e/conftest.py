"""End-to-end harness: a real Smith (web app, handlers, jobs, chain, Postgres) against fake
GitHub/GitLab and a scripted model, on a real git repository with real sandboxed pytest runs."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest
from aiohttp import web
from aiohttp.test_utils import TestServer
from pydantic import SecretStr
from sqlalchemy import select

from bot.app import create_app
from bot.audit.actions import audited_forges
from bot.catalogue import GRAPHS
from bot.config import Settings
from bot.engine.runner import chain_runner
from bot.forge.base import ItemRef, RepoRef
from bot.forge.github import GitHubForge
from bot.forge.gitlab import GitLabForge
from bot.forge.retry import RetryPolicy
from bot.services import Runtime
from bot.store.db import Database
from bot.store.models import Run, Step
from bot.store.queue import QUEUES
from handlers import build_router
from tests.e2e.buggy_repo import ISSUE_BODY, ISSUE_TITLE, make_buggy_repo
from tests.fakes.github import FakeGitHub
from tests.fakes.gitlab import FakeGitLab
from tests.fakes.model import FakeModelServer
from tests.job_app import drain_app
from tests.sandboxed import TOOLCHAIN

SECRET = "e2e-webhook-secret"
REPO = "octo/calc"
PROJECT = "group/calc"
LABEL = "smith:fix"
FAST_FORGE_RETRY = RetryPolicy(attempts=4, backoff_initial=0.01, backoff_max=0.05,
                               rate_limit_max_wait=2)


@dataclass
class Hold:
    """The model is "thinking" on one request of a step until the test releases it."""

    step: str
    arrived: asyncio.Event = field(default_factory=asyncio.Event)
    released: asyncio.Event = field(default_factory=asyncio.Event)
    abandoned: bool = False
    body: dict[str, Any] | None = None  # the held request (an abandoned one is not recorded)

    def release(self) -> None:
        """Answer the held request with its scripted turn."""
        self.released.set()

    def abandon(self) -> None:
        """The caller is gone (killed worker): answer with an error, consume no scripted turn."""
        self.abandoned = True
        self.released.set()


class HoldingModelServer(FakeModelServer):
    """FakeModelServer whose next request for a step can be held open (a model mid-thought)."""

    def __init__(self) -> None:
        super().__init__()
        self.holds: list[Hold] = []

    def hold(self, step: str) -> Hold:
        hold = Hold(step)
        self.holds.append(hold)
        return hold

    async def _messages(self, request: web.Request) -> web.Response:
        body = await request.json()  # aiohttp keeps the body: the base class reads it again
        step = self._step_of(body)
        hold = next((h for h in self.holds if h.step == step and not h.arrived.is_set()), None)
        if hold is not None:
            hold.body = body
            hold.arrived.set()
            await hold.released.wait()
            if hold.abandoned:
                return web.json_response(
                    {"type": "error", "error": {"type": "api_error", "message": "abandoned"}},
                    status=500)
        return await super()._messages(request)


@dataclass
class E2E:
    """One forge's view of a Smith installation with one buggy repository and one issue."""

    forge_name: str
    settings: Settings
    db: Database
    fake: Any
    model: HoldingModelServer
    runtime: Runtime
    bare: Path
    issue: int
    repo_name: str
    drained: list[str] = field(default_factory=list)
    web_url: str = ""
    """The Smith web app's base URL (webhooks, `/metrics`)."""

    @property
    def repo(self) -> RepoRef:
        return RepoRef(self.forge_name, self.repo_name)  # type: ignore[arg-type]

    async def drain(self) -> None:
        """Run queued jobs (and the jobs they queue) until none is left; jobs of another
        worker that are still running are left alone."""
        app = drain_app(self.db.url, self.runtime)  # no clock-bound periodic job (tests/job_app.py)
        async with app.open_async():
            await app.run_worker_async(queues=list(QUEUES), wait=False, install_signal_handlers=False,
                                       listen_notify=False)

    async def wait_for_run(self, predicate: Any, timeout: float = 20.0) -> Run:
        """Poll the newest run until `predicate(run)` holds (for work happening elsewhere)."""
        loop = asyncio.get_running_loop()
        deadline = loop.time() + timeout
        while True:
            runs = await self.runs()
            if runs and predicate(runs[-1]):
                return runs[-1]
            if loop.time() > deadline:
                raise AssertionError(f"run never reached the expected state: {runs[-1:]}")
            await asyncio.sleep(0.05)

    async def summon(self, actor: str = "maintainer") -> None:
        await self.fake.label_issue(self.repo_name, self.issue, LABEL, actor=actor)

    async def comment(self, body: str, actor: str, *, number: int | None = None,
                      on_change_request: bool = False, **kwargs: Any) -> None:
        target = number or self.issue
        if self.forge_name == "github":
            await self.fake.comment(self.repo_name, target, body, actor=actor)
        else:
            kind = "MergeRequest" if on_change_request else "Issue"
            await self.fake.comment(self.repo_name, kind, target, body, actor=actor, **kwargs)

    async def runs(self) -> list[Run]:
        async with self.db.transaction() as session:
            return list((await session.execute(select(Run).order_by(Run.id))).scalars())

    async def steps(self, run_id: int) -> list[Step]:
        async with self.db.transaction() as session:
            return list((await session.execute(
                select(Step).where(Step.run_id == run_id).order_by(Step.id))).scalars())

    def issue_comments(self) -> list[str]:
        if self.forge_name == "github":
            return [c.body for c in self.fake.state.comments.values()
                    if c.number == self.issue and c.user == "smith-bot"]
        return [n.body for n in self.fake.state.notes.values()
                if n.noteable_type == "Issue" and n.iid == self.issue and n.author == "smith-bot"]

    def final_comments(self) -> list[str]:
        """Comments that end a run: a failure explanation or the hand-over to review."""
        return [c for c in self.issue_comments()
                if "smith:failure" in c or c.startswith("Smith opened ")]

    def assert_one_final_ending(self) -> str:
        """Exactly one ending comment, and a status comment with nothing left running."""
        [ending] = self.final_comments()
        [status] = [c for c in self.issue_comments() if "smith:status" in c]
        assert "running…" not in status and "⏳" not in status, status
        return ending

    def labels(self) -> list[str]:
        if self.forge_name == "github":
            return list(self.fake.state.issues[(self.repo_name, self.issue)].labels)
        return list(self.fake.state.issues[(self.repo_name, self.issue)].labels)

    def change_requests(self) -> list[Any]:
        if self.forge_name == "github":
            return list(self.fake.state.pulls.values())
        return list(self.fake.state.merge_requests.values())

    def threads_text(self, number: int) -> list[str]:
        if self.forge_name == "github":
            return [c.body for c in self.fake.state.comments.values() if c.number == number] + \
                [c.body for c in self.fake.state.review_comments.values() if c.number == number]
        return [n.body for n in self.fake.state.notes.values()
                if n.noteable_type == "MergeRequest" and n.iid == number]

    def item(self) -> ItemRef:
        return ItemRef("issue", self.issue)


def e2e_settings(tmp_path: Path, model_url: str, **overrides: Any) -> Settings:
    values: dict[str, Any] = dict(
        data_dir=tmp_path / "data",
        github_webhook_secret=SecretStr(SECRET),
        gitlab_webhook_secret=SecretStr(SECRET),
        bot_account="smith-bot",
        summon_label=LABEL,
        anthropic_api_key=SecretStr("test-key"),
        anthropic_base_url=model_url,
        git_allowed_protocols=["https", "file"],
        llm_retry_attempts=8,
        llm_retry_base_delay=0.01,
        llm_retry_max_delay=0.05,
        # The operator's sandbox PATH: this interpreter (with pytest, without the suite's own
        # plugins: tests/sandboxed.py) plays the repository's toolchain, as a `.venv` made by a
        # setup command would.
        sandbox_path=TOOLCHAIN,
    )
    values.update(overrides)
    return Settings(**values)


def pytest_configure(config) -> None:
    config.addinivalue_line(
        "markers", "e2e_settings(**overrides): Settings values for this test's Smith")


BOTH_FORGES = ("github", "gitlab")
"""A test whose behaviour is the forge's own (webhooks, change requests, threads, reactions,
the adapters' retries) says `@pytest.mark.parametrize("forge_name", BOTH_FORGES)`; the rest
walk the chain once, on GitHub: what differs per forge is the adapter, held to one contract
on both fakes by tests/forge/test_contract.py."""


@pytest.fixture(params=["github"])
def forge_name(request) -> str:
    return request.param


@pytest.fixture
async def e2e(tmp_path: Path, database: Database, forge_name: str, request) -> AsyncIterator[E2E]:
    marker = request.node.get_closest_marker("e2e_settings")
    overrides = dict(marker.kwargs) if marker is not None else {}
    async with HoldingModelServer() as model:
        settings = e2e_settings(tmp_path, model.base_url, **overrides)
        router = build_router(settings)
        server = TestServer(create_app(settings, database, router), host="127.0.0.1")
        await server.start_server()
        base = str(server.make_url("")).rstrip("/")
        bare = make_buggy_repo(tmp_path / "repo")
        if forge_name == "github":
            fake_cm = FakeGitHub(webhook_url=f"{base}/webhooks/github", webhook_secret=SECRET)
        else:
            fake_cm = FakeGitLab(webhook_url=f"{base}/webhooks/gitlab", webhook_token=SECRET)
        async with fake_cm as fake:
            if forge_name == "github":
                fake.add_repo(REPO, clone_path=bare)
                for login, role in (("maintainer", "maintain"), ("dev", "write"),
                                    ("reader", "read"), ("smith-bot", "write")):
                    fake.set_permission(REPO, login, role)
                issue = fake.add_issue(REPO, title=ISSUE_TITLE, body=ISSUE_BODY, author="reader")
                forge = GitHubForge(token=fake.add_token("smith-bot"), api_url=fake.base_url,
                                    retry=FAST_FORGE_RETRY)
                repo_name = REPO
            else:
                fake.add_project(PROJECT, clone_path=bare)
                for user, level in (("maintainer", 40), ("dev", 30), ("reader", 10),
                                    ("smith-bot", 30)):
                    fake.set_access_level(PROJECT, user, level)
                issue = fake.add_issue(PROJECT, title=ISSUE_TITLE, description=ISSUE_BODY,
                                       author="reader")
                forge = GitLabForge(url=fake.instance_url, token=fake.add_token("smith-bot"),
                                    retry=FAST_FORGE_RETRY)
                repo_name = PROJECT
            # As the composition root wires them: change-request actions leave audit rows.
            runtime = Runtime(settings=settings, db=database,
                              forges=audited_forges({forge_name: forge}, database,
                                                    actor=settings.bot_account),
                              route_event=router.dispatch, run_chain=chain_runner(GRAPHS))
            try:
                yield E2E(forge_name, settings, database, fake, model, runtime, bare, issue,
                          repo_name, web_url=base)
            finally:
                await forge.close()
                await server.close()

"""A fake GitLab REST v4 API (the operations Smith uses), in memory, over real HTTP.

Speaks the paths and shapes of `/api/v4` (see shared/fixtures/gitlab/api-subset.json): projects
by id or URL-encoded path, issue and merge request iids, notes, discussions, award emoji,
members with access levels. Refuses like GitLab: 401 `{"message": "401 Unauthorized"}` without a
valid `PRIVATE-TOKEN` / `Authorization: Bearer`, 400 `{"error": "body is missing"}` when a
required attribute is missing, 404 `{"message": "404 ... Not Found"}`.

    async with FakeGitLab() as fake:
        token = fake.add_token("smith-bot")
        fake.add_project("group/app", clone_path=bare_repo)
        iid = fake.add_issue("group/app", title="Crash")
        forge = GitLabForge(url=fake.instance_url, token=token)

Or as a pytest fixture: `from tests.fakes.gitlab import fake_gitlab` in a conftest.

The package: `state` (records and API attribute lists), `seeding`, `actions` (humans,
webhooks), `wire` (errors, auth, JSON shapes, lookups), `routes` (the REST v4 operations);
`FakeGitLab` composes them.
"""

from __future__ import annotations

import itertools
from collections.abc import AsyncIterator

import pytest_asyncio

from tests.fakes import FakeServer
from tests.fakes.gitlab.actions import HumanActions
from tests.fakes.gitlab.routes import Routes
from tests.fakes.gitlab.seeding import Seeding
from tests.fakes.gitlab.state import (
    EDIT_ISSUE_ATTRIBUTES,
    LABEL_EDITS,
    Award,
    Discussion,
    GitLabState,
    Issue,
    MergeRequest,
    Note,
    Project,
)
from tests.fakes.gitlab.wire import Wire

__all__ = [
    "EDIT_ISSUE_ATTRIBUTES", "LABEL_EDITS", "Award", "Discussion", "FakeGitLab", "GitLabState",
    "Issue", "MergeRequest", "Note", "Project", "fake_gitlab",
]


class FakeGitLab(Seeding, HumanActions, Wire, Routes, FakeServer):
    """In-memory GitLab; give the adapter `url=fake.instance_url` (no /api/v4).

    `relative_root` serves the API under a path, like a self-hosted GitLab at
    https://host/gitlab (the instance URL is then `http://127.0.0.1:PORT/gitlab`).
    """

    def __init__(
        self,
        *,
        webhook_url: str | None = None,
        webhook_token: str = "webhook-secret",
        relative_root: str = "",
    ) -> None:
        self.relative_root = relative_root.rstrip("/")
        self.prefix = f"{self.relative_root}/api/v4"
        super().__init__()
        self.state = GitLabState()
        self.webhook_url = webhook_url
        self.webhook_token = webhook_token
        self.deliveries: list[tuple[dict[str, str], bytes, int]] = []
        self._ids = itertools.count(100)
        self._register_routes()

    @property
    def instance_url(self) -> str:
        return self.base_url + self.relative_root


@pytest_asyncio.fixture
async def fake_gitlab() -> AsyncIterator[FakeGitLab]:
    """A running FakeGitLab (import this fixture into a conftest to use it)."""
    async with FakeGitLab() as fake:
        yield fake

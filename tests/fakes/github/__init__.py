"""A fake GitHub REST API (the operations Smith uses), in memory, over real HTTP.

Speaks the paths, status codes and response shapes of api.github.com (see
shared/fixtures/github/openapi-subset.json): 401 without a valid token, 422 with GitHub's
`{"message": "Validation Failed", "errors": [...]}` when a required field is missing, 404 for
unknown things, and GitHub App auth (a JWT verified with the app's public key, then installation
tokens). Seed it, point `GitHubForge(api_url=fake.base_url, token=...)` at it, inspect
`fake.state`. Human actions (`label_issue`, `comment`, ...) can fire signed webhooks at Smith.

    async with FakeGitHub() as fake:
        token = fake.add_token("smith-bot")
        fake.add_repo("octo/app", clone_path=bare_repo)
        number = fake.add_issue("octo/app", title="Crash", labels=["bug"])
        forge = GitHubForge(token=token, api_url=fake.base_url)

Or as a pytest fixture: `from tests.fakes.github import fake_github` in a conftest.

Webhook deliveries. Every webhook the fake fires is recorded in `fake.deliveries` (a
`SentDelivery`: id, guid, status code Smith answered, 0 when it did not answer) on the hook it
went through: the App's webhook when the repository has an installation, else the repository's
own webhook (one per repository, pointing at `webhook_url`). `fake.fail_next_deliveries(1,
status=503)` records the next delivery as failed without sending it. GitHub's delivery endpoints
are served (`/app/hook/deliveries[/{id}[/attempts]]` with the App's JWT,
`/repos/{o}/{r}/hooks[/{id}/deliveries[/{id}/attempts]]` with an admin's token); a redelivery
re-fires the same payload with the same guid, synchronously, and is recorded as a new attempt.

The package: `state` (records and API constants), `seeding`, `actions` (humans, webhooks),
`wire` (errors, auth, JSON shapes), `routes` (the REST operations), `deliveries` (the
webhook delivery API); `FakeGitHub` composes them.
"""

from __future__ import annotations

import itertools
from collections.abc import AsyncIterator

import pytest_asyncio

from tests.fakes import FakeServer
from tests.fakes.github.actions import HumanActions
from tests.fakes.github.deliveries import Deliveries
from tests.fakes.github.manifests import Manifests
from tests.fakes.github.routes import Routes
from tests.fakes.github.seeding import Seeding
from tests.fakes.github.state import (
    DEFAULT_INSTALLATION_PERMISSIONS,
    DOCS,
    JWT_OPERATIONS,
    LEGACY_PERMISSION,
    LEVELS,
    REACTIONS,
    ROLES,
    GitHubState,
    Issue,
    IssueComment,
    Pull,
    Reaction,
    Repo,
    RepoHook,
    ReviewComment,
    SentDelivery,
    TokenGrant,
)
from tests.fakes.github.wire import Wire

__all__ = [
    "DEFAULT_INSTALLATION_PERMISSIONS", "DOCS", "JWT_OPERATIONS", "LEGACY_PERMISSION",
    "LEVELS", "REACTIONS", "ROLES", "FakeGitHub", "GitHubState", "Issue", "IssueComment",
    "Pull", "Reaction", "Repo", "RepoHook", "ReviewComment", "SentDelivery", "TokenGrant",
    "fake_github",
]


class FakeGitHub(Seeding, HumanActions, Wire, Routes, Deliveries, Manifests, FakeServer):
    """In-memory GitHub; `base_url` is the API root to give the adapter."""

    def __init__(
        self,
        *,
        webhook_url: str | None = None,
        webhook_secret: str = "webhook-secret",
        installation_token_lifetime: float = 3600.0,
    ) -> None:
        super().__init__()
        self.state = GitHubState()
        self.webhook_url = webhook_url
        self.webhook_secret = webhook_secret
        self.installation_token_lifetime = installation_token_lifetime
        self.deliveries: list[SentDelivery] = []
        self.hooks: dict[int, RepoHook] = {}
        self._failing_deliveries: list[list[int]] = []  # [[count, status], ...]
        self._ids = itertools.count(1000)
        self._delivery_ids = itertools.count(90_000_001)
        self._register_routes()
        self._register_delivery_routes()
        self._register_manifest_routes()


@pytest_asyncio.fixture
async def fake_github() -> AsyncIterator[FakeGitHub]:
    """A running FakeGitHub (import this fixture into a conftest to use it)."""
    async with FakeGitHub() as fake:
        yield fake

"""GitHub's webhook deliveries, read and redelivered: GitHub never retries a failed delivery.

When Smith answered a delivery with a 5xx (the database stalled past the webhook deadline), or
did not answer at all (a deploy, a crash), GitHub records the failure and gives up. It does keep
the delivery for a few days and redelivers it on request, with the same `X-GitHub-Delivery` guid,
which Smith's intake already deduplicates. So a sweeper can ask for every failed delivery again:

- a GitHub App's webhook: `GET /app/hook/deliveries` and
  `POST /app/hook/deliveries/{delivery_id}/attempts`, both with the App's JWT;
- repository webhooks (token mode): `GET /repos/{owner}/{repo}/hooks`, then
  `GET .../hooks/{hook_id}/deliveries` and `POST .../deliveries/{delivery_id}/attempts`, for the
  hooks that point at Smith (URL path ending in `/webhooks/github`); the token needs admin on
  the repository (GitHub answers 404 otherwise, and that repository is skipped).

Lists come newest first and are paginated by `cursor` (followed through the `Link` header);
reading stops at the first delivery older than the lookback window. Which deliveries to ask for
again is a pure function (`needing_redelivery`), so the rules are testable without a forge.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable
from dataclasses import dataclass
from datetime import datetime
from typing import Any
from urllib.parse import urlsplit

import structlog

from bot.forge.base import RepoRef
from bot.forge.github_auth import AppInstallationTokens, TokenSource
from bot.forge.github_client import GitHubClient

log = structlog.get_logger(__name__)

SMITH_WEBHOOK_PATH = "/webhooks/github"
MAX_ATTEMPTS = 5
"""Attempts per delivery (the first included) after which Smith stops asking: a delivery that
fails five times fails for a reason a sixth attempt will not change."""
PAGE_SIZE = 100


@dataclass(frozen=True)
class HookDelivery:
    """One attempt of one delivery; attempts of the same event share the `guid`."""

    id: int
    guid: str
    delivered_at: datetime
    status_code: int
    event: str
    action: str | None = None
    redelivery: bool = False
    repo: str | None = None
    """Repository webhook: `owner/name` (with `hook_id`); None for the App's webhook."""
    hook_id: int | None = None

    @property
    def succeeded(self) -> bool:
        return 200 <= self.status_code < 300


def _when(value: str) -> datetime:
    return datetime.fromisoformat(value)  # GitHub's "2026-12-01T11:00:00Z" is ISO 8601


def _delivery(data: dict[str, Any], repo: str | None, hook_id: int | None) -> HookDelivery:
    return HookDelivery(
        id=int(data["id"]),
        guid=str(data["guid"]),
        delivered_at=_when(str(data["delivered_at"])),
        status_code=int(data.get("status_code") or 0),
        event=str(data.get("event") or ""),
        action=data.get("action"),
        redelivery=bool(data.get("redelivery")),
        repo=repo,
        hook_id=hook_id,
    )


def needing_redelivery(
    deliveries: Iterable[HookDelivery],
    *,
    recorded: set[str],
    since: datetime,
    max_attempts: int = MAX_ATTEMPTS,
) -> list[HookDelivery]:
    """The newest attempt of each delivery worth asking for again: none of its attempts got a
    2xx, Smith has not recorded its guid, its first attempt is within the window, and it has
    had fewer than `max_attempts` attempts. In the order the events first happened, so they
    replay in order."""
    attempts: dict[str, list[HookDelivery]] = defaultdict(list)
    for delivery in deliveries:
        attempts[delivery.guid].append(delivery)
    chosen: list[tuple[datetime, HookDelivery]] = []
    for guid, tries in attempts.items():
        if guid in recorded or any(t.succeeded for t in tries) or len(tries) >= max_attempts:
            continue
        first = min(t.delivered_at for t in tries)
        if first < since:
            continue
        chosen.append((first, max(tries, key=lambda t: (t.delivered_at, t.id))))
    return [newest for _, newest in sorted(chosen, key=lambda c: (c[0], c[1].id))]


def _points_at_smith(hook: dict[str, Any]) -> bool:
    url = str((hook.get("config") or {}).get("url") or "")
    return bool(hook.get("active", True)) and urlsplit(url).path.rstrip("/").endswith(
        SMITH_WEBHOOK_PATH
    )


class GitHubHookDeliveries:
    """Lists and redelivers webhook deliveries of a GitHub App, or of repository webhooks."""

    def __init__(self, client: GitHubClient, auth: TokenSource) -> None:
        self._client = client
        self._auth = auth

    @property
    def is_app(self) -> bool:
        """An App has one webhook for all installations; a token has repository webhooks."""
        return isinstance(self._auth, AppInstallationTokens)

    def _jwt(self) -> str:
        assert isinstance(self._auth, AppInstallationTokens)
        return self._auth.app_jwt()

    async def app_deliveries(self, since: datetime) -> list[HookDelivery]:
        """Attempts of the App's webhook since `since`, newest first."""
        items = await self._client.get_all(
            f"/app/hook/deliveries?per_page={PAGE_SIZE}",
            jwt=self._jwt(),
            until=lambda item: _when(str(item["delivered_at"])) < since,
        )
        return [_delivery(item, None, None) for item in items]

    async def repo_deliveries(self, repo: RepoRef, since: datetime) -> list[HookDelivery]:
        """Attempts of the repository's webhooks that point at Smith, since `since`."""
        owner, name = repo.full_name.split("/", 1)
        token = await self._auth.token_for(repo, "read")
        hooks = await self._client.get_all(
            "/repos/{owner}/{repo}/hooks", {"owner": owner, "repo": name}, token=token
        )
        found: list[HookDelivery] = []
        for hook in hooks:
            if not _points_at_smith(hook):
                continue
            items = await self._client.get_all(
                f"/repos/{{owner}}/{{repo}}/hooks/{{hook_id}}/deliveries?per_page={PAGE_SIZE}",
                {"owner": owner, "repo": name, "hook_id": int(hook["id"])},
                token=token,
                until=lambda item: _when(str(item["delivered_at"])) < since,
            )
            found += [_delivery(item, repo.full_name, int(hook["id"])) for item in items]
        return found

    async def redeliver(self, delivery: HookDelivery) -> None:
        """Ask GitHub to send `delivery` again (same payload, same guid); it answers 202."""
        if delivery.repo is None:
            await self._client.call(
                "POST",
                "/app/hook/deliveries/{delivery_id}/attempts",
                {"delivery_id": delivery.id},
                data={},
                jwt=self._jwt(),
            )
            return
        owner, name = delivery.repo.split("/", 1)
        token = await self._auth.token_for(RepoRef("github", delivery.repo), "write")
        await self._client.call(
            "POST",
            "/repos/{owner}/{repo}/hooks/{hook_id}/deliveries/{delivery_id}/attempts",
            {"owner": owner, "repo": name, "hook_id": delivery.hook_id,
             "delivery_id": delivery.id},
            data={},
            token=token,
        )

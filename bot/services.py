"""The collaborators a job, a handler or a step gets: settings, the database and the forges.

`Runtime` sits below everything that uses it (chain, handlers, rules, jobs), so none of them
needs the job module or the composition root (`bot/runtime.py`), which builds it once per
process. `build_forges` is here rather than in the root because `smith fix` and `smith rules
mine` build forges for themselves.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Protocol

import structlog

from bot.config import Settings, SettingsError
from bot.forge import RetryPolicy, build_forge
from bot.forge.base import Forge
from bot.store.db import Database

if TYPE_CHECKING:
    from bot.events import Event

log = structlog.get_logger(__name__)

EventRouter = Callable[["Event", "Runtime"], Awaitable[None]]
ChainRunner = Callable[[int, "Runtime"], Awaitable[None]]


class ChainData(Protocol):
    """What handlers read of a chain's graph (`bot.engine.graph.Graph` is one), named here so
    that the runtime sits below the engine."""

    @property
    def retried_as(self) -> str | None: ...


@dataclass
class Runtime:
    """What a job needs, built once per process by the composition root."""

    settings: Settings
    db: Database
    forges: dict[str, Forge] = field(default_factory=dict)
    route_event: EventRouter | None = None
    run_chain: ChainRunner | None = None
    graphs: Mapping[str, ChainData] = field(default_factory=dict)
    """Every chain's graphs by name, handed down by the root (handlers read their data)."""

    def forge(self, name: str) -> Forge:
        try:
            return self.forges[name]
        except KeyError as exc:
            raise LookupError(f"no {name} connection is configured") from exc

    async def close(self) -> None:
        """Close every forge connection and the database pool."""
        for forge in self.forges.values():
            await forge.close()
        await self.db.dispose()


def forge_retry_policy(settings: Settings) -> RetryPolicy:
    return RetryPolicy(
        attempts=settings.forge_retry_attempts, backoff_initial=settings.forge_backoff_initial,
        backoff_max=settings.forge_backoff_max,
        rate_limit_max_wait=settings.forge_rate_limit_max_wait,
    )


def build_forges(settings: Settings) -> dict[str, Forge]:
    """One adapter per configured forge; a forge without credentials is simply absent."""
    retry = forge_retry_policy(settings)
    forges: dict[str, Forge] = {}
    if settings.github_token or (settings.github_app_id and settings.github_private_key_path):
        try:
            private_key = settings.github_private_key()
        except OSError as exc:
            raise SettingsError(f"cannot read the GitHub App private key: {exc}") from exc
        forges["github"] = build_forge(
            "github", api_url=settings.github_api_url,
            token=settings.github_token.get_secret_value() if settings.github_token else None,
            app_id=settings.github_app_id, private_key=private_key, retry=retry,
            request_timeout=settings.forge_request_timeout,
        )
    if settings.gitlab_token:
        forges["gitlab"] = build_forge(
            "gitlab", api_url=settings.gitlab_url, token=settings.gitlab_token.get_secret_value(),
            retry=retry, request_timeout=settings.forge_request_timeout,
            gitlab_token_kind=settings.gitlab_token_kind,
        )
    if not forges:
        log.warning("no_forge_configured",
                    hint="set SMITH_GITHUB_TOKEN (or an App) or SMITH_GITLAB_TOKEN")
    return forges

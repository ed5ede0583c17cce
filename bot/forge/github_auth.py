"""Where the GitHub adapter's tokens come from: a fixed token, or a GitHub App's installations.

An App authenticates as itself with a short JWT (gidgethub.apps.get_jwt), finds the installation
that covers a repository (`GET /repos/{owner}/{repo}/installation`) and trades the JWT for an
installation token that lives an hour. Both lookups are cached; a token is reused until
`refresh_margin` seconds before it expires.

Least privilege: an installation may cover hundreds of repositories, but a token is minted for
the one repository a call is about (`repositories: [name]`) and for the permissions the call
needs: `read` (contents, issues, pull requests, metadata: read) for lookups, `write` (contents,
issues, pull requests: write; metadata: read) for comments, labels, change requests and pushes.
A leaked token of one run opens one repository, not the installation. Tokens are cached per
(installation, repository, access).
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable
from datetime import datetime
from typing import Literal, Protocol

import structlog
from gidgethub import apps

from bot.forge.base import RepoRef
from bot.forge.github_client import GitHubClient

log = structlog.get_logger(__name__)

Access = Literal["read", "write"]

PERMISSIONS: dict[str, dict[str, str]] = {
    "read": {"contents": "read", "issues": "read", "pull_requests": "read", "metadata": "read"},
    "write": {"contents": "write", "issues": "write", "pull_requests": "write",
              "metadata": "read"},
}
"""What an installation token may do, by the access a call asks for (GitHub's permission names)."""
_LEVELS = {"read": 1, "write": 2, "admin": 3}


class TokenSource(Protocol):
    async def token_for(self, repo: RepoRef, access: Access = "write") -> str: ...

    def secrets(self) -> list[str]:
        """Every secret this source holds, so error messages can be scrubbed of them."""
        ...


class StaticToken:
    """A personal access token or an installation token handed to us from outside."""

    def __init__(self, token: str) -> None:
        self._token = token

    def __repr__(self) -> str:
        return "StaticToken('***')"

    async def token_for(self, repo: RepoRef, access: Access = "write") -> str:
        return self._token

    def secrets(self) -> list[str]:
        return [self._token]


class AppInstallationTokens:
    """Installation tokens of a GitHub App, looked up per repository and cached until expiry."""

    def __init__(
        self,
        client: GitHubClient,
        *,
        app_id: str,
        private_key: str,
        refresh_margin: float = 300.0,
        clock: Callable[[], float] = time.time,
    ) -> None:
        self._client = client
        self._app_id = app_id
        self._private_key = private_key
        self._refresh_margin = refresh_margin
        self._clock = clock
        self._installations: dict[str, int] = {}
        self._granted: dict[int, dict[str, str]] = {}
        self._tokens: dict[tuple[int, str, str], tuple[str, float]] = {}
        self._issued: list[str] = []
        self._lock = asyncio.Lock()

    def __repr__(self) -> str:
        return f"AppInstallationTokens(app_id={self._app_id!r})"

    def secrets(self) -> list[str]:
        return [self._private_key, *self._issued]

    def _jwt(self) -> str:
        return apps.get_jwt(app_id=self._app_id, private_key=self._private_key)

    def app_jwt(self) -> str:
        """A fresh JWT for the App's own endpoints (`/app/hook/deliveries`)."""
        return self._jwt()

    async def installation_id(self, repo: RepoRef) -> int:
        if repo.full_name not in self._installations:
            owner, name = repo.full_name.split("/", 1)
            data = await self._client.call(
                "GET",
                "/repos/{owner}/{repo}/installation",
                {"owner": owner, "repo": name},
                jwt=self._jwt(),
            )
            self._installations[repo.full_name] = int(data["id"])
            if isinstance(data.get("permissions"), dict):
                self._granted[int(data["id"])] = {
                    str(k): str(v) for k, v in data["permissions"].items()}
        return self._installations[repo.full_name]

    def _permissions(self, installation: int, access: Access) -> dict[str, str]:
        """What to ask for: `access`'s permissions, capped at what the installation was granted
        (asking for more is refused with 422, so an App installed without, say, pull requests
        still reads issues)."""
        wanted = PERMISSIONS[access]
        granted = self._granted.get(installation)
        if granted is None:
            return dict(wanted)
        return {
            name: level if _LEVELS.get(granted[name], 0) >= _LEVELS[level] else granted[name]
            for name, level in wanted.items()
            if _LEVELS.get(granted.get(name, ""), 0) > 0
        }

    async def token_for(self, repo: RepoRef, access: Access = "write") -> str:
        """An installation token for `repo` alone, with the permissions of `access`."""
        # One lock: concurrent jobs of one repo must not each mint a token.
        async with self._lock:
            installation = await self.installation_id(repo)
            key = (installation, repo.full_name.lower(), access)
            cached = self._tokens.get(key)
            if cached is not None and cached[1] - self._refresh_margin > self._clock():
                return cached[0]
            data = await self._client.call(
                "POST",
                "/app/installations/{installation_id}/access_tokens",
                {"installation_id": installation},
                data={
                    "repositories": [repo.full_name.split("/", 1)[1]],
                    "permissions": self._permissions(installation, access),
                },
                jwt=self._jwt(),
            )
            token = str(data["token"])
            expires_at = datetime.fromisoformat(str(data["expires_at"]).replace("Z", "+00:00"))
            self._tokens[key] = (token, expires_at.timestamp())
            self._issued.append(token)
            log.info(
                "github.app.token_minted", installation=installation, repo=repo.full_name,
                access=access, expires_at=str(expires_at),
            )
            return token

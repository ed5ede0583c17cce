"""The forge layer: the `Forge` protocol and its GitHub and GitLab adapters."""

from __future__ import annotations

from bot.forge.base import Forge, ForgeName
from bot.forge.errors import (
    ForgeError,
    ForgeHTTPError,
    ForgeUnavailable,
    NotFound,
    PermissionDenied,
    RateLimited,
    ValidationFailed,
)
from bot.forge.retry import RetryPolicy

__all__ = [
    "Forge",
    "ForgeError",
    "ForgeHTTPError",
    "ForgeUnavailable",
    "NotFound",
    "PermissionDenied",
    "RateLimited",
    "RetryPolicy",
    "ValidationFailed",
    "build_forge",
]


def build_forge(
    forge: ForgeName,
    *,
    api_url: str | None = None,
    token: str | None = None,
    app_id: str | int | None = None,
    private_key: str | None = None,
    retry: RetryPolicy | None = None,
    request_timeout: float = 30.0,
    gitlab_token_kind: str = "private",
) -> Forge:
    """Make the adapter for `forge` from plain settings.

    GitHub: `token`, or `app_id` + `private_key` (PEM) for a GitHub App; `api_url` defaults to
    https://api.github.com (GitHub Enterprise: https://HOST/api/v3). GitLab: `token` and the
    instance URL (`api_url`, default https://gitlab.com; without the /api/v4 suffix);
    `gitlab_token_kind` "private" (personal/project/group token) or "oauth".
    """
    policy = retry or RetryPolicy()
    if forge == "github":
        from bot.forge.github import GitHubForge
        from bot.forge.github_client import DEFAULT_API_URL

        return GitHubForge(
            token=token,
            app_id=app_id,
            private_key=private_key,
            api_url=api_url or DEFAULT_API_URL,
            retry=policy,
            request_timeout=request_timeout,
        )
    if forge == "gitlab":
        from bot.forge.gitlab import GitLabForge

        if not token:
            raise ValueError("GitLab needs a token")
        return GitLabForge(
            url=api_url or "https://gitlab.com",
            token=token,
            token_kind=gitlab_token_kind,
            retry=policy,
            request_timeout=request_timeout,
        )
    raise ValueError(f"unknown forge {forge!r}; expected 'github' or 'gitlab'")

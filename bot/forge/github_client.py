"""gidgethub behind our retry policy and error tree: the only place GitHub HTTP errors are read."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable, Mapping
from contextlib import aclosing
from typing import Any

import aiohttp
import gidgethub
import gidgethub.aiohttp

from bot.forge.errors import (
    ForgeHTTPError,
    ForgeUnavailable,
    RateLimited,
    error_for_status,
    scrub,
    scrub_exception,
)
from bot.forge.retry import DEFAULT_RETRY, RetryPolicy, call_with_retry

DEFAULT_API_URL = "https://api.github.com"
NO_BODY = b""  # gidgethub's sentinel for "send no body"


def rate_limit_wait(headers: Mapping[str, str], now: float | None = None) -> float | None:
    """Seconds GitHub asks us to wait, from `Retry-After` or an exhausted `X-RateLimit-*`."""
    retry_after = headers.get("retry-after")
    if retry_after is not None:
        try:
            return max(0.0, float(retry_after))
        except ValueError:
            return None
    if headers.get("x-ratelimit-remaining") == "0" and headers.get("x-ratelimit-reset"):
        try:
            reset = float(headers["x-ratelimit-reset"])
        except ValueError:
            return None
        return max(0.0, reset - (time.time() if now is None else now))
    return None


def translate_error(exc: Exception, secrets: list[str]) -> ForgeHTTPError:
    """Map a gidgethub/aiohttp failure to our tree, with every known secret scrubbed."""
    scrub_exception(exc, secrets)
    if isinstance(exc, gidgethub.HTTPException):
        status = int(exc.status_code)
        message = scrub(str(exc) or exc.status_code.phrase, secrets)
        if status in (403, 429):
            wait = rate_limit_wait(exc.headers)
            if wait is not None or status == 429:
                return RateLimited(status, message, retry_after=wait)
        return error_for_status(status, message)
    detail = scrub(str(exc), secrets)
    return ForgeUnavailable(
        None, f"{type(exc).__name__}: {detail}" if detail else type(exc).__name__
    )


TRANSPORT_ERRORS = (aiohttp.ClientError, asyncio.TimeoutError)


class GitHubClient:
    """Sends GitHub REST calls through gidgethub with retries; raises only `ForgeError`s."""

    def __init__(
        self,
        *,
        api_url: str = DEFAULT_API_URL,
        retry: RetryPolicy = DEFAULT_RETRY,
        request_timeout: float = 30.0,
        session: aiohttp.ClientSession | None = None,
        requester: str = "smith-bot",
        secrets: Callable[[], list[str]] = list,
    ) -> None:
        self._api_url = api_url
        self._retry = retry
        self._timeout = request_timeout
        self._session = session
        self._owns_session = session is None
        self._requester = requester
        self._secrets = secrets
        self._gh: gidgethub.aiohttp.GitHubAPI | None = None

    def __repr__(self) -> str:
        return f"GitHubClient(api_url={self._api_url!r})"

    @property
    def retry(self) -> RetryPolicy:
        return self._retry

    def _api(self) -> gidgethub.aiohttp.GitHubAPI:
        # Created lazily: an aiohttp session belongs to the loop that is running when it is made.
        if self._gh is None:
            if self._session is None:
                timeout = aiohttp.ClientTimeout(total=self._timeout)
                self._session = aiohttp.ClientSession(timeout=timeout)
            self._gh = gidgethub.aiohttp.GitHubAPI(
                self._session, self._requester, base_url=self._api_url
            )
        return self._gh

    async def call(
        self,
        method: str,
        url: str,
        url_vars: Mapping[str, Any] | None = None,
        *,
        data: Any = NO_BODY,
        token: str | None = None,
        jwt: str | None = None,
        retry: RetryPolicy | None = None,
    ) -> Any:
        """One REST call (`GET`, `POST`, `PATCH`, `PUT`, `DELETE`), retried per the policy
        (the client's, or `retry`: `ONCE` for a try that `create_idempotently` retries)."""

        async def attempt() -> Any:
            gh = self._api()
            auth = {"oauth_token": token} if token is not None else {"jwt": jwt}
            try:
                if method == "GET":
                    return await gh.getitem(url, url_vars or {}, **auth)
                if method == "POST":
                    return await gh.post(url, url_vars or {}, data=data, **auth)
                if method == "PATCH":
                    return await gh.patch(url, url_vars or {}, data=data, **auth)
                if method == "PUT":
                    return await gh.put(url, url_vars or {}, data=data, **auth)
                if method == "DELETE":
                    return await gh.delete(url, url_vars or {}, data=data, **auth)
            except (gidgethub.HTTPException, *TRANSPORT_ERRORS) as exc:
                raise translate_error(exc, self._secrets()) from exc
            raise ValueError(f"unsupported method {method}")

        return await call_with_retry(attempt, retry or self._retry, what=f"{method} {url}")

    async def get_all(
        self,
        url: str,
        url_vars: Mapping[str, Any] | None = None,
        *,
        token: str | None = None,
        jwt: str | None = None,
        until: Callable[[Any], bool] | None = None,
    ) -> list[Any]:
        """Every item of a paginated list (follows `Link: rel="next"`, page numbers or GitHub's
        `cursor`); with `until`, stops before the first item it says yes to (newest-first lists
        such as webhook deliveries need not be read to the end)."""
        auth = {"oauth_token": token} if token is not None else {"jwt": jwt}

        async def attempt() -> list[Any]:
            items: list[Any] = []
            try:
                pages = self._api().getiter(url, url_vars or {}, **auth)
                async with aclosing(pages):
                    async for item in pages:
                        if until is not None and until(item):
                            break
                        items.append(item)
            except (gidgethub.HTTPException, *TRANSPORT_ERRORS) as exc:
                raise translate_error(exc, self._secrets()) from exc
            return items

        return await call_with_retry(attempt, self._retry, what=f"GET {url} (all pages)")

    async def close(self) -> None:
        if self._owns_session and self._session is not None:
            await self._session.close()
        self._session = None
        self._gh = None

"""python-gitlab behind our retry policy and error tree, off the event loop.

python-gitlab is blocking (requests), so every call runs in a small thread pool. Its own retry
loops are switched off (they sleep whatever `Retry-After` says, unbounded): `RetryPolicy` in
bot/forge/retry.py decides for both forges. To honour `Retry-After` we need the headers of the
failed response, which python-gitlab's exceptions drop; a requests response hook keeps them in
a thread-local for the call that is running in that thread.
"""

from __future__ import annotations

import asyncio
import threading
import time
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from typing import Any, TypeVar

import gitlab
import gitlab.exceptions
import requests

from bot.forge.errors import (
    ForgeHTTPError,
    ForgeUnavailable,
    RateLimited,
    error_for_status,
    scrub,
    scrub_exception,
)
from bot.forge.retry import DEFAULT_RETRY, RetryPolicy, call_with_retry

T = TypeVar("T")

_last_error = threading.local()

TRANSPORT_ERRORS = (
    requests.ConnectionError,
    requests.Timeout,
    requests.exceptions.ChunkedEncodingError,
)


class _BoundedGitlab(gitlab.Gitlab):
    """python-gitlab with its internal retries off, so only our bounded policy retries."""

    def http_request(self, *args: Any, **kwargs: Any) -> requests.Response:
        kwargs["obey_rate_limit"] = False
        kwargs["retry_transient_errors"] = False
        return super().http_request(*args, **kwargs)

    def __repr__(self) -> str:
        return f"Gitlab(url={self.url!r})"


def _remember_error_headers(response: requests.Response, *args: Any, **kwargs: Any) -> None:
    if response.status_code >= 400:
        _last_error.headers = dict(response.headers)


def _retry_after(headers: dict[str, str]) -> float | None:
    lowered = {k.lower(): v for k, v in headers.items()}
    try:
        if "retry-after" in lowered:
            return max(0.0, float(lowered["retry-after"]))
        if "ratelimit-reset" in lowered:
            return max(0.0, float(lowered["ratelimit-reset"]) - time.time())
    except ValueError:
        return None
    return None


def translate_error(exc: Exception, headers: dict[str, str], secrets: list[str]) -> ForgeHTTPError:
    """Map a python-gitlab/requests failure to our tree, with every known secret scrubbed."""
    scrub_exception(exc, secrets)
    if isinstance(exc, gitlab.exceptions.GitlabError) and exc.response_code is not None:
        status = int(exc.response_code)
        message = scrub(str(exc.error_message), secrets)
        if status == 429:
            return RateLimited(status, message, retry_after=_retry_after(headers))
        return error_for_status(status, message)
    detail = scrub(str(exc), secrets)
    return ForgeUnavailable(
        None, f"{type(exc).__name__}: {detail}" if detail else type(exc).__name__
    )


class GitLabClient:
    """Runs python-gitlab calls in threads with retries; raises only `ForgeError`s."""

    def __init__(
        self,
        *,
        url: str,
        token: str,
        token_kind: str = "private",
        retry: RetryPolicy = DEFAULT_RETRY,
        request_timeout: float = 30.0,
        max_threads: int = 8,
        ssl_verify: bool | str = True,
    ) -> None:
        if token_kind not in ("private", "oauth"):
            raise ValueError("token_kind must be 'private' or 'oauth'")
        session = requests.Session()
        session.hooks["response"].append(_remember_error_headers)
        self.gl = _BoundedGitlab(
            url,
            private_token=token if token_kind == "private" else None,
            oauth_token=token if token_kind == "oauth" else None,
            session=session,
            timeout=request_timeout,
            ssl_verify=ssl_verify,
            retry_transient_errors=False,
        )
        self._token = token
        self._retry = retry
        self._pool = ThreadPoolExecutor(max_workers=max_threads, thread_name_prefix="gitlab")
        self.url = url

    def __repr__(self) -> str:
        return f"GitLabClient(url={self.url!r})"

    def _run_translated(self, fn: Callable[[], T]) -> T:
        _last_error.headers = {}
        try:
            return fn()
        except (gitlab.exceptions.GitlabError, *TRANSPORT_ERRORS) as exc:
            raise translate_error(exc, getattr(_last_error, "headers", {}), [self._token]) from exc

    @property
    def retry(self) -> RetryPolicy:
        return self._retry

    async def run(self, fn: Callable[[], T], *, what: str, retry: RetryPolicy | None = None) -> T:
        """Run one blocking python-gitlab call in the pool, retried per the policy (the
        client's, or `retry`: `ONCE` for a try that `create_idempotently` retries)."""
        loop = asyncio.get_running_loop()

        async def attempt() -> T:
            return await loop.run_in_executor(self._pool, self._run_translated, fn)

        return await call_with_retry(attempt, retry or self._retry, what=what)

    async def close(self) -> None:
        self._pool.shutdown(wait=False, cancel_futures=True)
        self.gl.session.close()

"""Which forge failures are retried, under the one retry policy (bot/retry.py).

Retried: `RateLimited` (waiting what the forge asked, bounded by `rate_limit_max_wait` in total)
and `ForgeUnavailable` (5xx, dropped connections, timeouts; exponential backoff). Everything
else (404, 403, 422...) is permanent and raised at once. After the bound the last error is
raised as is, so a caller sees `RateLimited` or `ForgeUnavailable`, never a hang.

Writes whose answer was lost. A POST answered 5xx, or whose connection dropped, may have been
applied. Creations with a natural key (a change request by its source branch, a comment by the
marker Smith put in it, labels by their names) go through `create_idempotently`: after an
ambiguous failure, the next try first looks the object up and adopts it; a forge answer "already
exists" is adopted the same way; and when the bound is reached, one last look decides. A
comment without a marker has no key: it is retried as before (a duplicate comment is better than
a lost one).
"""

from __future__ import annotations

import asyncio
import re
from collections.abc import Awaitable, Callable
from typing import TypeVar

import structlog

from bot.forge.errors import ForgeHTTPError, ForgeUnavailable, RateLimited
from bot.retry import Retry, RetryPolicy, Sleep
from bot.retry import call_with_retry as _call_with_retry

__all__ = [
    "DEFAULT_RETRY",
    "ONCE",
    "RETRIED_ERRORS",
    "RetryPolicy",
    "call_with_retry",
    "create_idempotently",
    "forge_verdict",
    "is_marked",
    "same_marked_body",
]

log = structlog.get_logger(__name__)

T = TypeVar("T")

RETRIED_ERRORS: tuple[type[Exception], ...] = (RateLimited, ForgeUnavailable)
DEFAULT_RETRY = RetryPolicy()
ONCE = RetryPolicy(attempts=1)
"""One try, no retry: for the single attempts `create_idempotently` retries itself."""


def forge_verdict(exc: Exception) -> Retry | None:
    """Rate limits wait what the forge asked (budgeted); 5xx and dropped connections back off."""
    if isinstance(exc, RateLimited):
        return Retry("rate limited", asked_wait=exc.retry_after, budgeted=True,
                     log_as="forge.rate_limit")
    if isinstance(exc, ForgeUnavailable):
        return Retry(f"unavailable: {exc}", log_as="forge.unavailable")
    return None


async def call_with_retry(
    operation: Callable[[], Awaitable[T]],
    policy: RetryPolicy,
    *,
    what: str,
    sleep: Sleep = asyncio.sleep,
) -> T:
    """Run `operation` until it succeeds, fails permanently, or the policy's bound is reached."""
    return await _call_with_retry(operation, policy, classify=forge_verdict, what=what,
                                  sleep=sleep)


_SMITH_MARKER_RE = re.compile(r"<!-- smith:[a-z][a-z0-9_-]{0,40}(?: [a-z_]+=[^\s>]+)* -->")


def is_marked(body: str) -> bool:
    """True when `body` carries one of Smith's hidden markers (bot/text/markers.py), the
    key by which a comment whose answer was lost is found again."""
    return _SMITH_MARKER_RE.search(body) is not None


def same_marked_body(found: str, sent: str) -> bool:
    """Whether a comment on the forge is the marked one we sent (forges may trim whitespace)."""
    return is_marked(sent) and found.strip() == sent.strip()


def _never(exc: ForgeHTTPError) -> bool:
    return False


async def create_idempotently(
    create: Callable[[], Awaitable[T]],
    find: Callable[[], Awaitable[T | None]],
    policy: RetryPolicy,
    *,
    what: str,
    already_exists: Callable[[ForgeHTTPError], bool] = _never,
    sleep: Sleep = asyncio.sleep,
) -> T:
    """Create something with a natural key at most once, whatever answers are lost.

    `create` is one unretried try; `find` looks the object up by its key (None when absent).
    After an ambiguous failure (`ForgeUnavailable`: a 5xx or no answer, the forge may have
    acted) the next try looks first and adopts what it finds; an answer `already_exists` says
    is adopted when `find` has it (and raised as is otherwise); after the last try, one more look
    decides between the object and the original error.
    """
    ambiguous = False

    async def attempt() -> T:
        nonlocal ambiguous
        if ambiguous:
            found = await find()
            if found is not None:
                log.info("forge.write.adopted", what=what, after="lost answer")
                return found
        try:
            return await create()
        except ForgeUnavailable:
            ambiguous = True
            raise
        except ForgeHTTPError as exc:
            if not already_exists(exc):
                raise
            found = await find()
            if found is None:
                raise
            log.info("forge.write.adopted", what=what, after=f"HTTP {exc.status}: already exists")
            return found

    try:
        return await call_with_retry(attempt, policy, what=what, sleep=sleep)
    except ForgeUnavailable:
        if not ambiguous:
            raise
        try:
            found = await find()
        except ForgeHTTPError:
            found = None
        if found is None:
            raise
        log.info("forge.write.adopted", what=what, after="retries spent")
        return found

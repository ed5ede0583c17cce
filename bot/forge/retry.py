"""The one retry policy of the forge adapters: which failures are retried, how often, how long.

Retried: `RateLimited` (waiting what the forge asked, bounded by `rate_limit_max_wait` in total)
and `ForgeUnavailable` (5xx, dropped connections, timeouts; exponential backoff). Everything
else (404, 403, 422...) is permanent and raised at once. After the bound the last error is
raised as is, so a caller sees `RateLimited` or `ForgeUnavailable`, never a hang.

Note: a POST whose connection dropped may have been applied; retrying it can duplicate a
comment. We accept that (a duplicate comment is better than a lost one).
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import TypeVar

import structlog

from bot.forge.errors import ForgeUnavailable, RateLimited

log = structlog.get_logger(__name__)

T = TypeVar("T")

RETRIED_ERRORS: tuple[type[Exception], ...] = (RateLimited, ForgeUnavailable)


@dataclass(frozen=True)
class RetryPolicy:
    """Bounds for retrying one forge call."""

    attempts: int = 4
    """Total tries of one call (first try included)."""
    backoff_initial: float = 0.5
    """Wait before the first retry of a transient failure, in seconds; doubles per retry."""
    backoff_max: float = 8.0
    """Longest wait between two tries of a transient failure."""
    rate_limit_max_wait: float = 120.0
    """Most seconds one call may spend waiting for rate limits before giving up."""

    def backoff(self, retry_number: int) -> float:
        return min(self.backoff_max, self.backoff_initial * (2 ** (retry_number - 1)))


DEFAULT_RETRY = RetryPolicy()


async def call_with_retry(
    operation: Callable[[], Awaitable[T]],
    policy: RetryPolicy,
    *,
    what: str,
    sleep: Callable[[float], Awaitable[None]] = asyncio.sleep,
) -> T:
    """Run `operation` until it succeeds, fails permanently, or the policy's bound is reached."""
    rate_limit_waited = 0.0
    attempt = 0
    while True:
        attempt += 1
        try:
            return await operation()
        except RateLimited as exc:
            wait = exc.retry_after if exc.retry_after is not None else policy.backoff(attempt)
            if attempt >= policy.attempts or rate_limit_waited + wait > policy.rate_limit_max_wait:
                log.warning("forge.rate_limit.give_up", what=what, attempt=attempt, wait=wait)
                raise
            rate_limit_waited += wait
            log.info("forge.rate_limit.wait", what=what, attempt=attempt, wait=wait)
        except ForgeUnavailable as exc:
            if attempt >= policy.attempts:
                log.warning("forge.unavailable.give_up", what=what, attempt=attempt, error=str(exc))
                raise
            wait = policy.backoff(attempt)
            log.info(
                "forge.unavailable.retry", what=what, attempt=attempt, wait=wait, error=str(exc)
            )
        await sleep(wait)

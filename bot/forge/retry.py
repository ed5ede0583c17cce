"""Which forge failures are retried, under the one retry policy (bot/retry.py).

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
from typing import TypeVar

from bot.forge.errors import ForgeUnavailable, RateLimited
from bot.retry import Retry, RetryPolicy, Sleep
from bot.retry import call_with_retry as _call_with_retry

__all__ = ["DEFAULT_RETRY", "RETRIED_ERRORS", "RetryPolicy", "call_with_retry", "forge_verdict"]

T = TypeVar("T")

RETRIED_ERRORS: tuple[type[Exception], ...] = (RateLimited, ForgeUnavailable)
DEFAULT_RETRY = RetryPolicy()


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

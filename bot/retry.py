"""The one retry policy for calls that cross the network: forge requests, model calls, git
fetches. Bounded, declared here, with the failures it covers named by each caller.

A caller says which exceptions are transient (`classify` returns a `Retry`, or None for a
permanent failure, which is raised at once). Waits grow exponentially from `backoff_initial` to
`backoff_max`, with jitter when several processes may retry the same service at once (the
model). A wait the service asked for (`Retry-After`, a rate-limit reset) is honoured: waits a
caller marks `budgeted` (rate limits) may add up to `rate_limit_max_wait` seconds, and
`asked_wait_max` caps each asked wait where the service's word is only a hint. After the bound
the last error is raised as is, so a caller sees the real failure, never a hang.
"""

from __future__ import annotations

import asyncio
import random
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import TypeVar

import structlog

log = structlog.get_logger(__name__)

T = TypeVar("T")
Sleep = Callable[[float], Awaitable[None]]


@dataclass(frozen=True)
class RetryPolicy:
    """Bounds for retrying one call."""

    attempts: int = 4
    """Total tries of one call (first try included)."""
    backoff_initial: float = 0.5
    """Wait before the first retry of a transient failure, in seconds; doubles per retry."""
    backoff_max: float = 8.0
    """Longest backoff between two tries."""
    rate_limit_max_wait: float = 120.0
    """Most seconds one call may spend in budgeted (rate-limit) waits before giving up."""
    jitter: bool = False
    """Spread each backoff over 50-100 % of its value, so retrying processes do not align."""
    asked_wait_max: float | None = None
    """Cap on one wait the service asked for; None honours it fully (within the budget)."""

    def backoff(self, retry_number: int) -> float:
        return float(min(self.backoff_max, self.backoff_initial * 2.0 ** (retry_number - 1)))

    def wait(self, retry_number: int, asked: float | None,
             rand: Callable[[], float] = random.random) -> float:
        """Seconds before retry `retry_number`: the backoff, or what the service asked if more."""
        wait = self.backoff(retry_number)
        if self.jitter:
            wait *= 0.5 + rand() / 2
        if asked is not None:
            if self.asked_wait_max is not None:
                asked = min(asked, self.asked_wait_max)
            wait = max(wait, asked)
        return wait


@dataclass(frozen=True)
class Retry:
    """A caller's verdict on a failure: transient, retry it."""

    reason: str
    asked_wait: float | None = None
    """What the service asked us to wait, if it said."""
    budgeted: bool = False
    """Counts against `rate_limit_max_wait` (rate limits: waiting longer will not help)."""
    log_as: str = "retry"
    """Log events are `<log_as>.retry` and `<log_as>.give_up` (what operators grep for)."""


async def call_with_retry(
    operation: Callable[[], Awaitable[T]],
    policy: RetryPolicy,
    *,
    classify: Callable[[Exception], Retry | None],
    what: str,
    on_retry: Callable[[str], None] | None = None,
    sleep: Sleep = asyncio.sleep,
) -> T:
    """Run `operation` until it succeeds, fails permanently, or the policy's bound is reached.

    `classify` may also raise to replace a permanent failure by the caller's own error."""
    budget_spent = 0.0
    attempt = 0
    while True:
        attempt += 1
        try:
            return await operation()
        except Exception as exc:  # each caller's classify decides; anything else is re-raised
            verdict = classify(exc)
            if verdict is None:
                raise
            wait = policy.wait(attempt, verdict.asked_wait)
            over_budget = verdict.budgeted and budget_spent + wait > policy.rate_limit_max_wait
            if attempt >= policy.attempts or over_budget:
                log.warning(f"{verdict.log_as}.give_up", what=what, attempt=attempt, reason=verdict.reason,
                            wait=round(wait, 3))
                raise
            if verdict.budgeted:
                budget_spent += wait
            log.info(f"{verdict.log_as}.retry", what=what, attempt=attempt, reason=verdict.reason,
                     wait=round(wait, 3))
            if on_retry is not None:
                on_retry(verdict.reason)
        await sleep(wait)

"""The one place model API calls are retried, and API errors become environment failures.

The SDK's own retries are off (`max_retries=0`) so there is exactly one retry policy, declared
here with the errors it covers: 408/409/429/5xx/529 and connection errors. Credentials errors
(401/403) are environment failures without retry; other 4xx mean our request was wrong, which
fails the step.
"""

from __future__ import annotations

import asyncio
import random
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any

import anthropic
import structlog
from anthropic.types import Message

from bot.llm.errors import EnvironmentFailure, StepFailed

log = structlog.get_logger(__name__)

RETRYABLE_STATUS = frozenset({408, 409, 429, 500, 502, 503, 504, 529})
CREDENTIAL_STATUS = frozenset({401, 402, 403})


@dataclass(frozen=True)
class RetryPolicy:
    """Bounded exponential backoff with jitter; `retry-after` is honoured up to `max_delay`."""

    attempts: int = 6
    base_delay: float = 1.0
    max_delay: float = 60.0

    def delay(self, attempt: int, retry_after: float | None) -> float:
        backoff = min(self.max_delay, self.base_delay * 2 ** (attempt - 1))
        backoff *= 0.5 + random.random() / 2
        if retry_after is not None:
            backoff = max(backoff, min(retry_after, self.max_delay))
        return backoff


def make_client(
    api_key: str, base_url: str | None = None, timeout: float = 600.0
) -> anthropic.AsyncAnthropic:
    """An AsyncAnthropic with SDK retries off (ours apply). The key is never logged."""
    return anthropic.AsyncAnthropic(
        api_key=api_key, base_url=base_url, max_retries=0, timeout=timeout
    )


def _retry_after(exc: anthropic.APIStatusError) -> float | None:
    header = exc.response.headers.get("retry-after")
    try:
        return float(header) if header is not None else None
    except ValueError:
        return None


Sleep = Callable[[float], Awaitable[None]]


async def create_message(
    client: anthropic.AsyncAnthropic,
    policy: RetryPolicy,
    *,
    step: str,
    on_retry: Callable[[str], None] | None = None,
    sleep: Sleep = asyncio.sleep,
    **request: Any,
) -> Message:
    """`client.messages.create(**request)` with the retry policy applied."""
    last = ""
    for attempt in range(1, policy.attempts + 1):
        try:
            return await client.messages.create(**request)
        except anthropic.APIStatusError as exc:
            detail = f"{exc.status_code} {exc.type or ''}".strip()
            if exc.status_code in CREDENTIAL_STATUS:
                raise EnvironmentFailure(
                    f"model API refused our credentials ({detail})", step=step
                ) from None
            if exc.status_code not in RETRYABLE_STATUS and exc.status_code < 500:
                raise StepFailed(
                    f"model API rejected the request ({detail}): {exc.api_message or ''}", step=step
                ) from None
            last, retry_after = detail, _retry_after(exc)
        except anthropic.APIConnectionError as exc:
            last, retry_after = f"connection error ({type(exc).__name__})", None
        if attempt == policy.attempts:
            break
        wait = policy.delay(attempt, retry_after)
        log.warning("llm.retry", step=step, attempt=attempt, reason=last, wait=round(wait, 3))
        if on_retry is not None:
            on_retry(last)
        await sleep(wait)
    raise EnvironmentFailure(
        f"model API unavailable after {policy.attempts} attempts (last: {last})", step=step
    )

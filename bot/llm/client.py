"""The one place model API calls are retried, and API errors become environment failures.

The SDK's own retries are off (`max_retries=0`) so the one retry policy (bot/retry.py, shared
with forge and git calls) applies, with the errors it covers declared here: 408/409/429/5xx/529 and connection errors. Credentials errors
(401/403) are environment failures without retry; other 4xx mean our request was wrong, which
fails the step.

The SDK is imported where it is used, not with this module: importing it costs a second or more
of CPU, which a process that never calls the model (`smith serve --no-worker`, `smith db
upgrade`, a worker between runs) need not pay; `import_sdk` pays it off the event loop.
"""

from __future__ import annotations

import asyncio
import importlib
import sys
from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING, Any

from bot import metrics, tracing
from bot.llm.errors import EnvironmentFailure, StepFailed
from bot.retry import Retry, call_with_retry
from bot.retry import RetryPolicy as SharedRetryPolicy

RETRYABLE_STATUS = frozenset({408, 409, 429, 500, 502, 503, 504, 529})
CREDENTIAL_STATUS = frozenset({401, 402, 403})
SDK = "anthropic"

if TYPE_CHECKING:
    import anthropic
    from anthropic.types import Message


async def import_sdk() -> None:
    """Import the SDK in a thread, so the loop (heartbeats, other runs) goes on meanwhile."""
    if SDK not in sys.modules:
        await asyncio.to_thread(importlib.import_module, SDK)


class RetryPolicy(SharedRetryPolicy):
    """The shared retry policy (bot/retry.py) with the model's defaults: more attempts, longer
    waits, jitter (many runs call one API), and `retry-after` honoured up to `max_delay`."""

    def __init__(self, attempts: int = 6, base_delay: float = 1.0,
                 max_delay: float = 60.0) -> None:
        super().__init__(attempts=attempts, backoff_initial=base_delay, backoff_max=max_delay,
                         jitter=True, asked_wait_max=max_delay)


def make_client(
    api_key: str, base_url: str | None = None, timeout: float = 600.0
) -> anthropic.AsyncAnthropic:
    """An AsyncAnthropic with SDK retries off (ours apply). The key is never logged."""
    import anthropic  # the SDK's import cost: module docstring

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
    policy: SharedRetryPolicy,
    *,
    step: str,
    on_retry: Callable[[str], None] | None = None,
    sleep: Sleep = asyncio.sleep,
    **request: Any,
) -> Message:
    """`client.messages.create(**request)` with the retry policy applied."""
    import anthropic  # the SDK's import cost: module docstring

    def classify(exc: Exception) -> Retry | None:
        if isinstance(exc, anthropic.APIStatusError):
            metrics.model_error(step, str(exc.status_code))
        elif isinstance(exc, anthropic.APIConnectionError):
            metrics.model_error(step, metrics.CONNECTION)
        return verdict_of(exc)

    def verdict_of(exc: Exception) -> Retry | None:
        if isinstance(exc, anthropic.APIStatusError):
            detail = f"{exc.status_code} {exc.type or ''}".strip()
            if exc.status_code in CREDENTIAL_STATUS:
                raise EnvironmentFailure(
                    f"model API refused our credentials ({detail})", step=step
                ) from None
            if exc.status_code not in RETRYABLE_STATUS and exc.status_code < 500:
                raise StepFailed(
                    f"model API rejected the request ({detail}): {exc.api_message or ''}", step=step
                ) from None
            return Retry(detail, asked_wait=_retry_after(exc), log_as="llm")
        if isinstance(exc, anthropic.APIConnectionError):
            return Retry(f"connection error ({type(exc).__name__})", log_as="llm")
        return None

    async def call() -> Message:
        message: Message = await client.messages.create(**request)
        return message

    def retried(reason: str) -> None:
        metrics.model_retry(step, reason)
        if on_retry is not None:
            on_retry(reason)

    try:
        with tracing.span(f"model {step}", kind=tracing.SpanKind.CLIENT, step=step,
                          model=request.get("model")) as span:
            message = await call_with_retry(call, policy, classify=classify,
                                            what=f"model call ({step})", on_retry=retried,
                                            sleep=sleep)
            span.set_attributes({"gen_ai.usage.input_tokens": message.usage.input_tokens,
                                 "gen_ai.usage.output_tokens": message.usage.output_tokens})
            return message
    except (anthropic.APIStatusError, anthropic.APIConnectionError) as exc:
        verdict = verdict_of(exc)
        last = verdict.reason if verdict else type(exc).__name__
        raise EnvironmentFailure(
            f"model API unavailable after {policy.attempts} attempts (last: {last})", step=step
        ) from None

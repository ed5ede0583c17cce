"""POSTing one notice to one hook: signed, no redirects followed, a short timeout. A failure
worth another try (no answer, 429, 5xx) raises `NoticeNotDelivered` for the job's retry; a
refusal (another 4xx: a wrong URL or key) is logged and dropped, since trying again changes
nothing. No message names the URL: a Slack hook's URL is its token."""

from __future__ import annotations

import aiohttp
import structlog

from bot import __version__
from bot.config import NoticeHook
from bot.notices.messages import (
    DELIVERY_HEADER,
    EVENT_HEADER,
    SIGNATURE_HEADER,
    Notice,
    render,
    signature,
)

log = structlog.get_logger(__name__)

TIMEOUT_SECONDS = 10.0


class NoticeNotDelivered(Exception):
    """The receiver did not take the notice; the job tries again later."""


def request_of(hook: NoticeHook, notice: Notice, delivery: str) -> tuple[bytes, dict[str, str]]:
    """The body and headers sent (the same bytes on every try, so the signature holds)."""
    body = render(notice, hook.format)
    headers = {"Content-Type": "application/json", "User-Agent": f"Smith/{__version__}",
               EVENT_HEADER: notice.event, DELIVERY_HEADER: delivery}
    if hook.secret is not None:
        headers[SIGNATURE_HEADER] = signature(hook.secret.get_secret_value(), body)
    return body, headers


async def deliver(hook: NoticeHook, notice: Notice, delivery: str,
                  *, timeout: float = TIMEOUT_SECONDS) -> bool:
    """True when the receiver took it, False when it refused it for good."""
    body, headers = request_of(hook, notice, delivery)
    try:
        async with aiohttp.ClientSession(timeout=aiohttp.ClientTimeout(total=timeout)) as http, \
                http.post(hook.url.get_secret_value(), data=body, headers=headers,
                          allow_redirects=False) as answer:
            status = answer.status
    except (aiohttp.ClientError, TimeoutError) as exc:
        raise NoticeNotDelivered(f"hook {hook.name}: no answer ({type(exc).__name__})") from None
    if status == 429 or status >= 500:
        raise NoticeNotDelivered(f"hook {hook.name}: answered {status}")
    if status >= 300:
        log.error("notice_refused", hook=hook.name, status=status, delivery=delivery)
        return False
    log.info("notice_delivered", hook=hook.name, notice=notice.event, delivery=delivery)
    return True

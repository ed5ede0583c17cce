"""A notice and the two bodies it is sent as: Slack-compatible (`{"text": ...}`) and Smith's
plain JSON. Pure: no I/O.

Titles of issues and repository names come from the forge and are attacker-controlled: in
Slack's text they are escaped (`&`, `<`, `>`), so an issue called `<!channel>` mentions nobody
and cannot smuggle a link.
"""

from __future__ import annotations

import hashlib
import hmac
import json
from datetime import UTC, datetime
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

from bot.config import NoticeEvent

SIGNATURE_HEADER = "X-Smith-Signature-256"
EVENT_HEADER = "X-Smith-Event"
DELIVERY_HEADER = "X-Smith-Delivery"
MAX_TEXT = 3000
"""Longest text of one notice (Slack cuts a section's text at 3,000 characters)."""

HEADLINES: dict[str, str] = {
    "waiting_for_approval": "A run waits for approval",
    "failed": "A run failed",
    "budget_near_cap": "Spending is near a cap",
    "weekly_digest": "Smith's week",
}


class Notice(BaseModel):
    """What happened, for people: the event, a one-line summary, details, and where to look."""

    model_config = ConfigDict(frozen=True)

    event: NoticeEvent
    summary: str
    details: dict[str, str | int | float | None] = Field(default_factory=dict)
    repo: str | None = None
    run: int | None = None
    url: str | None = None
    sent_at: datetime = Field(default_factory=lambda: datetime.now(UTC))


def slack_escape(text: str) -> str:
    """Slack's own escaping for message text: control characters only."""
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


def _clip(text: str) -> str:
    return text if len(text) <= MAX_TEXT else text[: MAX_TEXT - 1] + "…"


def slack_body(notice: Notice) -> dict[str, object]:
    """`{"text": ...}` in Slack's mrkdwn: a bold headline, the summary, the details, a link."""
    lines = [f"*{HEADLINES[notice.event]}*", slack_escape(notice.summary)]
    lines += [f"• {slack_escape(key)}: {slack_escape(str(value))}"
              for key, value in notice.details.items() if value is not None]
    if notice.url:
        lines.append(f"<{slack_escape(notice.url)}|open>")
    return {"text": _clip("\n".join(lines))}


def json_body(notice: Notice) -> dict[str, object]:
    """Smith's own shape: every field, the headline added."""
    return {"headline": HEADLINES[notice.event], **notice.model_dump(mode="json")}


def render(notice: Notice, shape: Literal["slack", "json"]) -> bytes:
    """The exact bytes to POST (and to sign)."""
    body = slack_body(notice) if shape == "slack" else json_body(notice)
    return json.dumps(body, ensure_ascii=False, sort_keys=True).encode()


def signature(secret: str, body: bytes) -> str:
    """`sha256=<hex>`: HMAC-SHA256 of the body, as GitHub signs its webhooks."""
    return "sha256=" + hmac.new(secret.encode(), body, hashlib.sha256).hexdigest()


def verify(secret: str, body: bytes, header: str | None) -> bool:
    """What a receiver does: constant-time compare of the header with the body's signature."""
    return header is not None and hmac.compare_digest(signature(secret, body), header)

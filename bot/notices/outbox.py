"""Queueing notices: one `smith.send_notice` job per hook that wants the event, on the events
queue (its slots are short jobs, never held by runs). Queueing is one insert; a database that
fails it costs the notice, never the run that caused it (logged)."""

from __future__ import annotations

import uuid
from datetime import UTC, datetime

import structlog

from bot.budgets.caps import CapHit, period_start
from bot.config import Settings
from bot.notices.messages import Notice
from bot.store.audit import AuditEntry, append_audit, audit_exists
from bot.store.db import Database, DatabaseUnavailable
from bot.store.queue import EVENTS_QUEUE, defer_in_transaction

log = structlog.get_logger(__name__)

SEND_NOTICE = "smith.send_notice"
NOTICE_AUDIT_KIND = "notice"


def _wanted_by(settings: Settings, notice: Notice) -> list[str]:
    return [hook.name for hook in settings.notices.hooks if notice.event in hook.events]


async def notify(db: Database, settings: Settings, notice: Notice,
                 *, once_as: str | None = None) -> int:
    """Queue `notice` for every hook that wants it; the number of jobs queued. With
    `once_as`, only if no notice was queued under that name before (an audit row keeps it)."""
    hooks = _wanted_by(settings, notice)
    if not hooks:
        return 0
    try:
        async with db.transaction() as session:
            if once_as is not None:
                if await audit_exists(session, kind=NOTICE_AUDIT_KIND, subject=once_as):
                    return 0
                await append_audit(session, [AuditEntry(
                    kind=NOTICE_AUDIT_KIND, outcome=notice.event, repo=notice.repo,
                    actor=settings.bot_account, subject=once_as, detail={"hooks": hooks})])
            for hook in hooks:
                await defer_in_transaction(
                    session, SEND_NOTICE, {"hook": hook, "delivery": uuid.uuid4().hex,
                                           "notice": notice.model_dump(mode="json")},
                    queue=EVENTS_QUEUE)
    except (DatabaseUnavailable, OSError) as exc:
        log.warning("notice_not_queued", notice=notice.event, error=str(exc))
        return 0
    log.info("notice_queued", notice=notice.event, hooks=hooks, run=notice.run)
    return len(hooks)


async def notify_near_cap(db: Database, settings: Settings, hit: CapHit, *, forge: str = "",
                          now: datetime | None = None) -> int:
    """`budget_near_cap`, once per cap and period (the next day or month may say it again);
    a repository's cap is told apart by its forge too."""
    now = now or datetime.now(UTC)
    cap = hit.cap
    share = hit.spent / cap.limit if cap.limit else 1.0
    spent = f"${hit.spent:,.2f}" if cap.unit == "usd" else f"{int(hit.spent):,} tokens"
    notice = Notice(
        event="budget_near_cap", repo=cap.repo or None,
        summary=f"{cap.describe()} is {share:.0%} spent: {spent}.",
        details={"scope": cap.scope, "period": cap.period, "spent": round(hit.spent, 4),
                 "cap": cap.limit, "resets_at": f"{hit.resets_at:%Y-%m-%d %H:%M} UTC"})
    since = period_start(cap.period, now)
    where = f"{forge}:" if cap.scope == "repository" else ""
    return await notify(db, settings, notice, once_as=f"{where}{cap.key()}@{since:%Y-%m-%d}")

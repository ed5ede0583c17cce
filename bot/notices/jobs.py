"""The notice jobs: `smith.send_notice` (one notice to one hook, retried with exponential
backoff: about 3 s, 9 s, 27 s, ... up to 8 tries over an hour) and the weekly digest
(Mondays 08:00 UTC). Task names are stored in queued jobs and never change."""

from __future__ import annotations

from typing import Any

import procrastinate
import structlog

from bot.notices.digest import weekly_digest
from bot.notices.messages import Notice
from bot.notices.outbox import SEND_NOTICE, notify
from bot.notices.sender import NoticeNotDelivered, deliver
from bot.services import Runtime
from bot.store.queue import EVENTS_QUEUE, QUEUE

log = structlog.get_logger(__name__)

WEEKLY_DIGEST = "smith.weekly_digest"
RETRY = procrastinate.RetryStrategy(max_attempts=8, exponential_wait=3,
                                    retry_exceptions={NoticeNotDelivered})


def blueprint(runtime: Runtime | None) -> procrastinate.Blueprint:
    tasks = procrastinate.Blueprint()

    def need() -> Runtime:
        if runtime is None:
            raise RuntimeError("this process was not set up to execute jobs")
        return runtime

    @tasks.task(name=SEND_NOTICE, queue=EVENTS_QUEUE, pass_context=False, retry=RETRY)
    async def send_notice(hook: str, delivery: str, notice: dict[str, Any]) -> None:
        settings = need().settings
        target = next((h for h in settings.notices.hooks if h.name == hook), None)
        if target is None:  # removed from smith.toml since it was queued
            log.warning("notice_hook_gone", hook=hook, delivery=delivery)
            return
        await deliver(target, Notice.model_validate(notice), delivery)

    @tasks.periodic(cron="0 8 * * 1", periodic_id=WEEKLY_DIGEST)
    @tasks.task(name=WEEKLY_DIGEST, queue=QUEUE, pass_context=False,
                queueing_lock=WEEKLY_DIGEST)
    async def weekly_digest_job(timestamp: int) -> None:
        rt = need()
        if not any("weekly_digest" in hook.events for hook in rt.settings.notices.hooks):
            return
        await notify(rt.db, rt.settings, await weekly_digest(rt.db))

    return tasks

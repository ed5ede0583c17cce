"""The test-generation chain's periodic job: queue the coverage campaigns that are due.

This package owns the task as a `Blueprint`; the composition root (`bot/runtime.py`) adds it
to the job app. It ticks hourly (a repository's schedule names one minute of the hour, see
bot/cron.py); the tick's own time is the "now" a slot is judged by, so a tick run late judges
as it would have on time. A lock keeps one pass at a time across workers and a queueing lock
keeps missed ticks from piling up.
"""

from __future__ import annotations

from datetime import UTC, datetime

import procrastinate
import structlog

from bot.chains.tests.campaigns import schedule_campaigns
from bot.services import Runtime
from bot.store.queue import QUEUE

log = structlog.get_logger(__name__)

SCHEDULE_CAMPAIGNS = "smith.schedule_campaigns"
TICK = "5 * * * *"
"""Five past every hour: the named schedules (03:00 UTC) start at 03:05."""


def blueprint(runtime: Runtime | None) -> procrastinate.Blueprint:
    """The hourly campaign pass; `runtime` is needed only to execute it."""
    tasks = procrastinate.Blueprint()

    @tasks.periodic(cron=TICK, periodic_id=SCHEDULE_CAMPAIGNS)
    @tasks.task(name=SCHEDULE_CAMPAIGNS, queue=QUEUE, pass_context=False,
                lock=SCHEDULE_CAMPAIGNS, queueing_lock=SCHEDULE_CAMPAIGNS)
    async def schedule_campaigns_job(timestamp: int) -> None:
        if runtime is None:
            raise RuntimeError("this process was not set up to execute jobs")
        await schedule_campaigns(runtime, now=datetime.fromtimestamp(timestamp, UTC))

    return tasks

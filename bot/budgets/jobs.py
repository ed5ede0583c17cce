"""The budgets' periodic job: every ten minutes, runs paused by a spending cap that has reset
are queued again. Task names are stored in queued jobs and never change."""

from __future__ import annotations

import procrastinate

from bot.budgets.resume import resume_capped_runs
from bot.services import Runtime
from bot.store.queue import QUEUE

RESUME_CAPPED = "smith.resume_capped_runs"


def blueprint(runtime: Runtime | None) -> procrastinate.Blueprint:
    tasks = procrastinate.Blueprint()

    @tasks.periodic(cron="*/10 * * * *", periodic_id=RESUME_CAPPED)
    @tasks.task(name=RESUME_CAPPED, queue=QUEUE, pass_context=False, lock=RESUME_CAPPED,
                queueing_lock=RESUME_CAPPED)
    async def resume_capped(timestamp: int) -> None:
        if runtime is None:
            raise RuntimeError("this process was not set up to execute jobs")
        await resume_capped_runs(runtime.db)

    return tasks

"""Until the fix chain lands: a run is recorded and ends with an honest "not implemented"."""

from __future__ import annotations

import structlog

from bot.jobs import Runtime
from bot.store.models import Run
from bot.store.runs import finish_run

log = structlog.get_logger(__name__)

REASON = "the fix chain is not implemented in this version of Smith"


async def run_not_implemented(run_id: int, runtime: Runtime) -> None:
    async with runtime.db.transaction() as session:
        run = await session.get(Run, run_id, with_for_update=True)
        if run is None or run.status not in ("queued", "running"):
            log.info("run_not_runnable", run=run_id, status=run.status if run else None)
            return
        await finish_run(session, run_id, status="not_implemented", outcome="not_implemented",
                         reason=REASON)
    log.info("run_not_implemented", run=run_id)

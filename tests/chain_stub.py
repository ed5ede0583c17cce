"""A stand-in chain for tests of handlers and jobs: it ends the run "not implemented".

Handler tests are about which runs exist and who may start them, not about the chain; the
real chain is exercised end to end in tests/e2e.
"""

from __future__ import annotations

import structlog

from bot.services import Runtime
from bot.store.models import Run
from bot.store.runs import finish_run

log = structlog.get_logger(__name__)

REASON = "stand-in chain of the handler tests"


async def run_not_implemented(run_id: int, runtime: Runtime) -> None:
    async with runtime.db.transaction() as session:
        run = await session.get(Run, run_id, with_for_update=True)
        if run is None or run.status not in ("queued", "running"):
            log.info("run_not_runnable", run=run_id, status=run.status if run else None)
            return
        await finish_run(session, run_id, status="not_implemented", outcome="not_implemented",
                         reason=REASON)
    log.info("run_not_implemented", run=run_id)

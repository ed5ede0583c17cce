"""What happened to Smith's change requests: merged or closed, and merged as Smith left it?

"Merged without human edits" means the branch head at merge is the last commit Smith pushed
(a reviewer who pushed a fixup first makes it a merge with edits). The stats funnel reads this.
"""

from __future__ import annotations

import structlog

from bot.config import Settings
from bot.events import Event
from bot.services import Runtime
from bot.store.runs import change_request_runs_for_update, reworks_after
from handlers.routing import Router

log = structlog.get_logger(__name__)


def build(settings: Settings) -> Router:
    router = Router()

    def is_change_request(event: Event) -> bool:
        return event.item is not None and event.item.kind == "change_request"

    @router.register("change_request_closed", when=is_change_request)
    async def closed(event: Event, runtime: Runtime) -> None:
        assert event.repo is not None and event.item is not None
        async with runtime.db.transaction() as session:
            runs = await change_request_runs_for_update(
                session, forge=event.forge, repo=event.repo.full_name, number=event.item.number)
            if not runs:
                return  # not Smith's change request
            origin = runs[-1]
            reworks = await reworks_after(session, origin)
            pushed = [r.params.get("pushed_head") for r in (origin, *reworks)
                      if r.params.get("pushed_head")]
            origin.merged = bool(event.merged)
            origin.merged_without_edits = (
                bool(event.merged) and bool(pushed) and event.head_sha == pushed[-1])
            log.info("change_request_outcome", run=origin.id, merged=origin.merged,
                     without_edits=origin.merged_without_edits)

    return router

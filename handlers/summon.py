"""The summon label: a permitted user labels an issue, Smith queues a run for it."""

from __future__ import annotations

import structlog

from bot.config import Settings
from bot.events import Event
from bot.forge.base import ItemRef
from bot.services import Runtime
from handlers.permissions import actor_may
from handlers.runs import start_run
from handlers.routing import Router

log = structlog.get_logger(__name__)

NOT_PERMITTED = (
    "@{actor} only users with {level} access to this repository can summon Smith; "
    "ask a maintainer to add the `{label}` label."
)


def added_labels(event: Event) -> list[str]:
    labels = list(event.labels_added or [])
    if event.label and event.label not in labels:
        labels.append(event.label)
    return labels


def build(settings: Settings) -> Router:
    router = Router()
    label = settings.summon_label

    def summons(event: Event) -> bool:
        return event.item is not None and event.item.kind == "issue" and label in added_labels(event)

    @router.register("issue_labeled", when=summons)
    async def summoned(event: Event, runtime: Runtime) -> None:
        assert event.item is not None and event.repo is not None
        if not await actor_may(event, runtime, settings.summon_permission):
            await runtime.forge(event.forge).create_comment(
                event.repo, event.item,
                NOT_PERMITTED.format(actor=event.actor, level=settings.summon_permission,
                                     label=label),
            )
            return
        await start_run(runtime, event, ItemRef("issue", event.item.number), chain="fix")

    return router

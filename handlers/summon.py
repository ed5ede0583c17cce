"""The summon label: a permitted user labels an issue, Smith queues a run for it."""

from __future__ import annotations

import structlog

from bot.budgets.access import not_enabled_text
from bot.config import Settings
from bot.events import Event
from bot.forge.base import ItemRef
from bot.services import Runtime
from handlers.permissions import actor_may
from handlers.reread import labels_as_applied
from handlers.routing import Router
from handlers.runs import start_run

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
    chains = {settings.summon_label: "fix", settings.examples_label: "examples",
              settings.tests_label: "tests"}

    def chain_of(event: Event) -> str | None:
        """The chain a label added to an issue summons (the fix label wins if both are)."""
        if event.item is None or event.item.kind != "issue":
            return None
        added = added_labels(event)
        return next((chain for name, chain in chains.items() if name in added), None)

    def summons(event: Event) -> bool:
        return chain_of(event) is not None

    @router.register("issue_labeled", when=summons)
    async def summoned(event: Event, runtime: Runtime) -> None:
        # The payload is a hint: the issue, its labels and the actor's permission are read
        # from the forge (a shared GitLab secret lets any project sign any project's name).
        applied = await labels_as_applied(event, runtime, added_labels(event))
        if applied is None or chain_of(applied) is None:
            return
        event = applied
        assert event.item is not None and event.repo is not None
        not_enabled = not_enabled_text(settings.access, event.repo.full_name)
        if not_enabled is not None:  # answered, never dropped in silence
            log.info("summons_not_enabled", repo=event.repo.full_name)
            await runtime.forge(event.forge).create_comment(event.repo, event.item, not_enabled)
            return
        if not await actor_may(event, runtime, settings.summon_permission):
            await runtime.forge(event.forge).create_comment(
                event.repo, event.item,
                NOT_PERMITTED.format(actor=event.actor, level=settings.summon_permission,
                                     label=label),
            )
            return
        chain = chain_of(event) or "fix"
        await start_run(runtime, event, ItemRef("issue", event.item.number), chain=chain)

    return router

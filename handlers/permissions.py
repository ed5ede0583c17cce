"""Who may do what: asked of the forge every time, never read from the payload.

`author_association` in a GitHub payload says how someone relates to the repository, not what
they may do; Smith asks the forge for the actor's permission before acting on any command.
"""

from __future__ import annotations

import structlog

from bot.events import Event
from bot.forge.base import Permission
from bot.forge.errors import NotFound
from bot.services import Runtime

log = structlog.get_logger(__name__)


async def actor_permission(event: Event, runtime: Runtime) -> Permission:
    if not event.actor or event.repo is None:
        return Permission.NONE
    forge = runtime.forge(event.forge)
    try:
        return await forge.get_permission(event.repo, event.actor)
    except NotFound:
        return Permission.NONE


async def actor_may(event: Event, runtime: Runtime, required: str) -> bool:
    level = await actor_permission(event, runtime)
    allowed = level >= Permission.parse(required)
    if not allowed:
        log.info("permission_denied", actor=event.actor, has=level.name, needs=required)
    return allowed

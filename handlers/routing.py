"""A tiny router: handlers register for event kinds; the composition root merges routers.

Like gidgethub's `routing.Router`, but over Smith's forge-neutral `Event`, and with a pure
`accepts` check so the webhook can answer "ignored" without queueing a job.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Awaitable, Callable

import structlog

from bot.events import Event
from bot.services import Runtime

log = structlog.get_logger(__name__)

Handler = Callable[[Event, Runtime], Awaitable[None]]
Predicate = Callable[[Event], bool]


# What a bot may still tell Smith: that a change request was merged or closed (a merge bot
# merging Smith's change is an outcome, not a request). Everything else a bot sends — labels,
# commands, rework, votes — is acted on only when the bot is on the allow-list.
OBSERVED_FROM_ANY_BOT = frozenset({"change_request_closed"})


class Router:
    def __init__(
        self,
        *routers: "Router",
        bot_account: str | None = None,
        allowed_bots: frozenset[str] = frozenset(),
    ) -> None:
        self._routes: dict[str, list[tuple[Predicate, Handler]]] = defaultdict(list)
        self.bot_account = bot_account
        self.allowed_bots = frozenset(name.casefold() for name in allowed_bots)
        for other in routers:
            for kind, routes in other._routes.items():
                self._routes[kind].extend(routes)

    def register(self, kind: str, when: Predicate | None = None) -> Callable[[Handler], Handler]:
        def decorator(handler: Handler) -> Handler:
            self._routes[kind].append((when or (lambda event: True), handler))
            return handler

        return decorator

    def _is_own(self, event: Event) -> bool:
        if event.actor_is_self:
            return True
        if self.bot_account and event.actor:
            return event.actor.lower() == self.bot_account.lower()
        return False

    def _is_unlisted_bot(self, event: Event) -> bool:
        if not event.actor_is_bot or str(event.kind) in OBSERVED_FROM_ANY_BOT:
            return False
        return (event.actor or "").casefold() not in self.allowed_bots

    def accepts(self, event: Event) -> bool:
        """Would any handler act on this? Smith's own events never count (no loops), nor do
        other bots' unless they are allowed (two bots answering each other never stop)."""
        if self._is_own(event) or self._is_unlisted_bot(event):
            return False
        return any(when(event) for when, _ in self._routes.get(str(event.kind), ()))

    async def dispatch(self, event: Event, runtime: Runtime) -> None:
        if self._is_own(event):
            log.info("own_event_ignored", kind=str(event.kind))
            return
        if self._is_unlisted_bot(event):
            log.info("bot_event_ignored", kind=str(event.kind), actor=event.actor)
            return
        for when, handler in self._routes.get(str(event.kind), ()):
            if when(event):
                await handler(event, runtime)

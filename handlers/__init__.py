"""What each forge event means to Smith; composed into one router by `build_router`."""

from __future__ import annotations

from bot.config import Settings
from handlers import answers, commands, outcomes, rules, sprints, summon
from handlers.routing import Router


def build_router(settings: Settings) -> Router:
    """All handler modules' routers as one, ignoring Smith's own account."""
    return Router(summon.build(settings), commands.build(settings), rules.build(settings),
                  outcomes.build(settings), answers.build(settings), sprints.build(settings),
                  bot_account=settings.bot_account,
                  allowed_bots=frozenset(settings.allowed_bots))

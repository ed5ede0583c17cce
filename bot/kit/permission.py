"""Permission is asked again when a run starts, resumes or goes on after an approval.

The handler checked the summoner when the event came in, but a run can wait hours behind the
per-issue lock, and a paused run resumes on a later approval: by then the summoner (or approver)
may have lost access. PREPARE runs first on every start and resume, so it asks the forge again.
Someone who acted from the shell (`shell:<login>`: `smith fix`, `smith runs approve|retry`) is
not asked about: no forge knows them, and whoever reaches the database runs the installation.
"""

from __future__ import annotations

from bot.command_line import is_shell_actor
from bot.engine.context import RunContext
from bot.forge.base import Permission
from bot.forge.errors import NotFound


async def _level(ctx: RunContext, user: str) -> Permission:
    try:
        return await ctx.forge.get_permission(ctx.repo, user)
    except NotFound:
        return Permission.NONE


async def permission_lost(ctx: RunContext) -> str | None:
    """Why this run may not go on (a person who started or approved it lacks the access now),
    or None."""
    settings = ctx.settings
    checks = [(ctx.summoned_by, settings.summon_permission, "started"),
              (ctx.state.approved_by, settings.approve_permission, "approved")]
    for user, level, what in checks:
        if not user or user == settings.bot_account or is_shell_actor(user):
            continue
        if await _level(ctx, user) < Permission.parse(level):
            return (f"@{user} {what} this run but no longer has {level} access to "
                    f"{ctx.repo.full_name}, so Smith stopped; someone with {level} access may "
                    "start it again")
    return None

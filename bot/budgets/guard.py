"""The caps against what the store says was spent: whether a run may take its next step, and
how much its next model requests may still cost."""

from __future__ import annotations

from datetime import UTC, datetime

from bot.budgets.caps import (
    Cap,
    CapHit,
    Period,
    Room,
    Scope,
    Spent,
    caps_for,
    first_reached,
    period_start,
    room_left,
)
from bot.config import BudgetSettings
from bot.repo_config import BudgetsConfig
from bot.store.db import Database
from bot.store.usage import spending_since


async def spent_for(db: Database, caps: list[Cap], forge: str, repo: str, now: datetime
                    ) -> dict[tuple[Scope, Period], Spent]:
    """Spending of each scope and period the caps name (nothing is read for no cap)."""
    wanted = {(cap.scope, cap.period) for cap in caps}
    spent: dict[tuple[Scope, Period], Spent] = {}
    async with db.transaction() as session:
        for scope, period in sorted(wanted):
            found = await spending_since(
                session, period_start(period, now),
                **({"forge": forge, "repo": repo} if scope == "repository" else {}))
            spent[(scope, period)] = Spent(found.tokens, found.usd)
    return spent


async def cap_reached(db: Database, budgets: BudgetSettings, forge: str, repo: str,
                      own: BudgetsConfig | None = None, *, now: datetime | None = None,
                      share: float = 1.0) -> CapHit | None:
    """The first period cap `repo`'s runs count toward that is reached (at `share` of it)."""
    now = now or datetime.now(UTC)
    caps = caps_for(budgets, repo, own)
    if not caps:
        return None
    return first_reached(caps, await spent_for(db, caps, forge, repo, now), now, share=share)


async def cap_status(db: Database, budgets: BudgetSettings, forge: str, repo: str,
                     own: BudgetsConfig | None = None, *, now: datetime | None = None
                     ) -> tuple[CapHit | None, CapHit | None]:
    """The first cap reached, and the first at `budgets.notice_at` of its limit (one read)."""
    now = now or datetime.now(UTC)
    caps = caps_for(budgets, repo, own)
    if not caps:
        return None, None
    spent = await spent_for(db, caps, forge, repo, now)
    return (first_reached(caps, spent, now),
            first_reached(caps, spent, now, share=budgets.notice_at))


async def installation_cap_reached(db: Database, budgets: BudgetSettings, *,
                                   now: datetime | None = None) -> CapHit | None:
    """The installation's first cap reached (work outside any repository: the rule miner)."""
    now = now or datetime.now(UTC)
    caps = [cap for cap in caps_for(budgets, "") if cap.scope == "installation"]
    if not caps:
        return None
    return first_reached(caps, await spent_for(db, caps, "", "", now), now)


async def room_for(db: Database, budgets: BudgetSettings, forge: str, repo: str,
                   own: BudgetsConfig | None = None, *, now: datetime | None = None) -> Room:
    """What the period caps leave `repo`'s next run (None per unit: no cap)."""
    now = now or datetime.now(UTC)
    caps = caps_for(budgets, repo, own)
    if not caps:
        return Room()
    return room_left(caps, await spent_for(db, caps, forge, repo, now))

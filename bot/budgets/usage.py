"""What the installation and each repository spent today and this month (UTC), beside their
caps: the usage section of `smith stats` (and `--json`)."""

from __future__ import annotations

from datetime import UTC, datetime

from pydantic import BaseModel, ConfigDict
from sqlalchemy.ext.asyncio import AsyncSession

from bot.budgets.caps import PERIODS, Period, period_start, repository_caps
from bot.config import BudgetSettings, PeriodCaps
from bot.store.usage import spending_by_repository, spending_since


class UsageLine(BaseModel):
    """One scope's spending over one period, and its caps there (None: no cap)."""

    model_config = ConfigDict(frozen=True)

    scope: str
    forge: str | None = None
    repo: str | None = None
    period: Period
    since: datetime
    tokens: int
    usd: float
    cap_tokens: int | None = None
    cap_usd: float | None = None


def _caps(caps: PeriodCaps, period: Period) -> dict[str, float | int | None]:
    if period == "day":
        return {"cap_tokens": caps.day_tokens, "cap_usd": caps.day_usd}
    return {"cap_tokens": caps.month_tokens, "cap_usd": caps.month_usd}


async def load_usage(session: AsyncSession, budgets: BudgetSettings, *,
                     repo: str | None = None, now: datetime | None = None) -> list[UsageLine]:
    """The installation's line per period, then each repository's that spent (only `repo`'s
    when given). A repository's own `.smith.yml` caps are not shown: they live in its branch."""
    now = now or datetime.now(UTC)
    lines: list[UsageLine] = []
    for period in PERIODS:
        since = period_start(period, now)
        total = await spending_since(session, since)
        lines.append(UsageLine(scope="installation", period=period, since=since,
                               tokens=total.tokens, usd=total.usd,
                               **_caps(budgets.installation, period)))
        for (forge, name), spent in sorted((await spending_by_repository(session, since)).items()):
            if repo is not None and name.lower() != repo.lower():
                continue
            lines.append(UsageLine(scope="repository", forge=forge, repo=name, period=period,
                                   since=since, tokens=spent.tokens, usd=spent.usd,
                                   **_caps(repository_caps(budgets, name), period)))
    return lines

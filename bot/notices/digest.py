"""The weekly digest: what Smith did and spent over the last seven days."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from bot.notices.messages import Notice
from bot.store.db import Database
from bot.store.usage import runs_by_outcome_since, spending_by_repository, spending_since

TOP_REPOSITORIES = 5


async def weekly_digest(db: Database, *, now: datetime | None = None) -> Notice:
    now = now or datetime.now(UTC)
    since = now - timedelta(days=7)
    async with db.transaction() as session:
        outcomes = await runs_by_outcome_since(session, since)
        spent = await spending_since(session, since)
        by_repo = await spending_by_repository(session, since)
    runs = sum(outcomes.values())
    top = sorted(by_repo.items(), key=lambda item: -item[1].usd)[:TOP_REPOSITORIES]
    details: dict[str, str | int | float | None] = {
        "runs": runs,
        "change requests": outcomes.get("change_request", 0),
        "failed or stopped": sum(count for name, count in outcomes.items()
                                 if name not in ("change_request", "plan", "running", "queued",
                                                 "paused", "awaiting_approval", "needs_info")),
        "waiting": sum(outcomes.get(name, 0) for name in ("awaiting_approval", "needs_info",
                                                          "paused")),
        "spent": f"${spent.usd:,.2f} ({spent.tokens:,} tokens)",
    }
    details.update({f"spent by {repo}": f"${usage.usd:,.2f}" for (_, repo), usage in top})
    return Notice(event="weekly_digest", details=details,
                  summary=f"From {since:%Y-%m-%d} to {now:%Y-%m-%d} (UTC): {runs} runs, "
                          f"${spent.usd:,.2f} spent on the model.")

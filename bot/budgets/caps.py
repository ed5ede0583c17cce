"""Which spending caps a repository's run counts toward, and whether one is reached (pure).

A cap is one figure (dollars or tokens) over one period (a UTC day or calendar month) for one
scope (the installation, or one repository). The operator's caps come from `smith.toml`; a
repository's `.smith.yml` may only lower them (`tightened`).
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from typing import Literal

from bot.config import BudgetSettings, PeriodCaps
from bot.repo_config import BudgetsConfig

Scope = Literal["installation", "repository"]
Period = Literal["day", "month"]
Unit = Literal["usd", "tokens"]
PERIODS: tuple[Period, ...] = ("day", "month")
UNITS: tuple[Unit, ...] = ("usd", "tokens")


@dataclass(frozen=True)
class Spent:
    """What model calls cost over one period: tokens (all four figures) and dollars."""

    tokens: int = 0
    usd: float = 0.0

    def of(self, unit: Unit) -> float:
        return self.usd if unit == "usd" else self.tokens


@dataclass(frozen=True)
class Cap:
    """One limit: `limit` of `unit` per `period` for `scope` (`repo` names it for people)."""

    scope: Scope
    period: Period
    unit: Unit
    limit: float
    repo: str = ""

    def describe(self) -> str:
        """`the daily dollar cap of acme/web ($5.00)`, for comments and reasons."""
        amount = f"${self.limit:,.2f}" if self.unit == "usd" else f"{int(self.limit):,} tokens"
        whose = "this installation" if self.scope == "installation" else self.repo
        period = "daily" if self.period == "day" else "monthly"
        unit = "dollar" if self.unit == "usd" else "token"
        return f"the {period} {unit} cap of {whose} ({amount})"

    def key(self) -> str:
        """Stable name of the cap (for notices sent once per cap and period)."""
        return f"{self.scope}:{self.repo}:{self.period}:{self.unit}"


@dataclass(frozen=True)
class CapHit:
    """A cap reached (or, for a notice, neared): what is spent and when the period ends."""

    cap: Cap
    spent: float
    resets_at: datetime

    def reason(self) -> str:
        spent = f"${self.spent:,.2f}" if self.cap.unit == "usd" else f"{int(self.spent):,} tokens"
        when = "today" if self.cap.period == "day" else "this month"
        return (f"{self.cap.describe()} is reached: {spent} spent {when} (UTC); it resets "
                f"{self.resets_at:%Y-%m-%d %H:%M} UTC")


def period_start(period: Period, now: datetime) -> datetime:
    """Midnight UTC of `now`'s day, or of the first of its month."""
    now = now.astimezone(UTC)
    day = now.replace(hour=0, minute=0, second=0, microsecond=0)
    return day if period == "day" else day.replace(day=1)


def period_end(period: Period, now: datetime) -> datetime:
    start = period_start(period, now)
    if period == "day":
        return start + timedelta(days=1)
    return (start + timedelta(days=32)).replace(day=1)


def _caps_of(scope: Scope, caps: PeriodCaps, repo: str = "") -> list[Cap]:
    values: dict[tuple[Period, Unit], float | None] = {("day", "usd"): caps.day_usd, ("month", "usd"): caps.month_usd,
              ("day", "tokens"): caps.day_tokens, ("month", "tokens"): caps.month_tokens}
    return [Cap(scope, period, unit, float(limit), repo)
            for (period, unit), limit in values.items() if limit is not None]


def repository_caps(budgets: BudgetSettings, repo: str) -> PeriodCaps:
    """The operator's caps for `repo`: its own entry (names compared without case), else the
    default for every repository."""
    for name, caps in budgets.repositories.items():
        if name.strip("/").lower() == repo.lower():
            return caps
    return budgets.repository


def tightened(operator: PeriodCaps, own: BudgetsConfig | None) -> PeriodCaps:
    """The operator's caps lowered by the repository's own (never raised): per figure, the
    smaller of the two that are set."""
    if own is None:
        return operator

    def low(a: float | None, b: float | None) -> float | None:
        return b if a is None else a if b is None else min(a, b)

    return PeriodCaps(
        day_usd=low(operator.day_usd, own.day_usd),
        month_usd=low(operator.month_usd, own.month_usd),
        day_tokens=_int(low(operator.day_tokens, own.day_tokens)),
        month_tokens=_int(low(operator.month_tokens, own.month_tokens)))


def _int(value: float | None) -> int | None:
    return None if value is None else int(value)


def caps_for(budgets: BudgetSettings, repo: str, own: BudgetsConfig | None = None) -> list[Cap]:
    """Every cap a run of `repo` counts toward: the installation's, then the repository's."""
    return [*_caps_of("installation", budgets.installation),
            *_caps_of("repository", tightened(repository_caps(budgets, repo), own), repo)]


def first_reached(caps: list[Cap], spent: dict[tuple[Scope, Period], Spent],
                  now: datetime, *, share: float = 1.0) -> CapHit | None:
    """The first cap whose spending is at `share` of its limit or beyond (1.0: reached)."""
    for cap in caps:
        used = spent.get((cap.scope, cap.period), Spent()).of(cap.unit)
        if used >= cap.limit * share:
            return CapHit(cap, used, period_end(cap.period, now))
    return None


@dataclass(frozen=True)
class Room:
    """What the period caps leave, the tightest per unit, and the cap that leaves it."""

    tokens: int | None = None
    usd: float | None = None
    tokens_cap: Cap | None = None
    usd_cap: Cap | None = None


def room_left(caps: list[Cap], spent: dict[tuple[Scope, Period], Spent]) -> Room:
    """The tokens and dollars a run may still spend before some period cap is reached."""
    room = Room()
    for cap in caps:
        left = max(0.0, cap.limit - spent.get((cap.scope, cap.period), Spent()).of(cap.unit))
        if cap.unit == "tokens" and (room.tokens is None or left < room.tokens):
            room = Room(int(left), room.usd, cap, room.usd_cap)
        elif cap.unit == "usd" and (room.usd is None or left < room.usd):
            room = Room(room.tokens, left, room.tokens_cap, cap)
    return room

"""Settings of the rules loop, read from the global Settings (with defaults until they exist)."""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, Field


class RulesSettings(BaseModel):
    tracking_issue: int | None = Field(
        default=None, description="Issue number (in the repository most evidence came from) where "
        "proposals are posted whose evidence has neither a change request nor an issue (a "
        "campaign's runs); None keeps them unposted.")
    mining_interval_hours: float = Field(default=24.0, description="How often the miner runs.")
    poll_interval_minutes: float = Field(
        default=10.0, description="How often reactions on pending proposals are read (GitHub "
        "sends no webhook).")
    max_failures: int = Field(default=200, description="Failures the miner sees at most, "
                              "newest first.")
    window_days: int = Field(default=90, description="Failures older than this are not mined.")
    command_prefix: str = "/smith"
    approve_permission: str = "maintain"

    @classmethod
    def from_settings(cls, settings: Any) -> RulesSettings:
        """`rules_*` fields of Settings; the ones not declared there yet keep their defaults."""
        values: dict[str, Any] = {
            "command_prefix": getattr(settings, "command_prefix", "/smith"),
            "approve_permission": getattr(settings, "approve_permission", "maintain"),
        }
        for name in ("tracking_issue", "mining_interval_hours", "poll_interval_minutes",
                     "max_failures", "window_days"):
            value = getattr(settings, f"rules_{name}", None)
            if value is not None:
                values[name] = value
        return cls(**values)


def hours_cron(hours: float) -> str:
    """A cron line for "every `hours` hours" (cron counts whole hours that divide a day; other
    values round to the nearest that does; a day or more runs daily at 03:00 UTC)."""
    whole = max(1, round(hours))
    if whole >= 24:
        days = max(1, round(whole / 24))
        return "0 3 * * *" if days == 1 else f"0 3 */{days} * *"
    divisors = [d for d in range(1, 25) if 24 % d == 0]
    step = min(divisors, key=lambda d: (abs(d - whole), d))
    return "0 * * * *" if step == 1 else f"0 */{step} * * *"


def minutes_cron(minutes: float) -> str:
    """A cron line for "every `minutes` minutes" (1…59; an hour or more runs hourly)."""
    whole = max(1, round(minutes))
    if whole >= 60:
        return "0 * * * *"
    return "* * * * *" if whole == 1 else f"*/{whole} * * * *"

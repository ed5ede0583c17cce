"""The steps loop: per-step statistics, the funnel from summon to merge, step-health flags."""

from bot.stats.compute import DEFAULT_WINDOW, compute_stats
from bot.stats.report import Funnel, StatsFilters, StatsReport, StepStats
from bot.store.stats import RunRow, StepRow

__all__ = [
    "DEFAULT_WINDOW", "Funnel", "RunRow", "StatsFilters", "StatsReport",
    "StepRow", "StepStats", "compute_stats",
]

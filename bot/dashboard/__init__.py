"""The read-only web dashboard: runs, step health, a run's timeline, and `/api/stats`."""

from bot.dashboard.views import add_dashboard_routes

__all__ = ["add_dashboard_routes"]

"""The read-only dashboard: runs, step health, one run's timeline, and `/api/stats`.

Server-rendered HTML from files in `templates/` (jinja2 with autoescape: issue titles, verdicts,
artifacts and diffs are all untrusted text). No scripts and no external assets, enforced by the
Content-Security-Policy header.
"""

from __future__ import annotations

from datetime import date
from pathlib import Path
from typing import Any

import structlog
from aiohttp import web
from jinja2 import Environment, FileSystemLoader, StrictUndefined

from bot.config import BudgetSettings
from bot.dashboard.auth import TokenGuard
from bot.dashboard.overview import daily_caps, load_overview
from bot.dashboard.pages import run_detail, run_lines
from bot.dashboard.timeline import format_duration
from bot.stats.compute import DEFAULT_WINDOW
from bot.stats.query import load_stats
from bot.store.db import Database, DatabaseUnavailable

log = structlog.get_logger(__name__)

TEMPLATES = Path(__file__).with_name("templates")
SECURITY_HEADERS = {
    "Content-Security-Policy": "default-src 'none'; style-src 'unsafe-inline'; "
                               "form-action 'self'; frame-ancestors 'none'; base-uri 'none'",
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
    "Cache-Control": "no-store",
}


DEFAULT_DAYS = 30
"""Days the per-day charts cover, ending today (UTC); `?days=N` asks for others."""
MAX_DAYS = 366


class QueryError(ValueError):
    """A query parameter the dashboard cannot use; the message goes back to the user."""


def add_dashboard_routes(
    app: web.Application, database: Database, *, token: str | None,
    stats_window: int = DEFAULT_WINDOW, budgets: BudgetSettings | None = None,
) -> None:
    """GET-only routes: `/`, `/runs/<id>`, `/api/stats`, reading `database` (the caller's, so
    the dashboard knows no web app). With a token, all three ask for it. `budgets`: the
    daily caps drawn on the per-day charts."""
    views = DashboardViews(database, stats_window, budgets or BudgetSettings())
    guard = TokenGuard(token, views.unauthorized)
    app.router.add_get("/", guard(views.index), name="dashboard_index")
    app.router.add_get("/runs/{run_id}", guard(views.run), name="dashboard_run")
    app.router.add_get("/api/stats", guard(views.api_stats), name="api_stats")


class DashboardViews:
    def __init__(self, database: Database, stats_window: int,
                 budgets: BudgetSettings) -> None:
        if stats_window < 1:
            raise ValueError("the stats window must be at least 1 run")
        self.database = database
        self.stats_window = stats_window
        self.budgets = budgets
        self.templates = Environment(
            loader=FileSystemLoader(TEMPLATES), autoescape=True, undefined=StrictUndefined,
            trim_blocks=True, lstrip_blocks=True,
        )
        self.templates.filters["duration"] = format_duration
        self.templates.filters["number"] = format_number

    async def index(self, request: web.Request) -> web.Response:
        repo = request.query.get("repo", "").strip() or None
        days_text = request.query.get("days", "").strip()
        if days_text and not (days_text.isdigit() and 1 <= int(days_text) <= MAX_DAYS):
            return self.page("bad_request.html", status=400,
                             problem=f"days must be a whole number from 1 to {MAX_DAYS}, "
                                     f"got {days_text[:20]!r}.")
        try:
            async with self.database.transaction() as session:
                runs = await run_lines(session, repo)
                overview = await load_overview(session, repo=repo, window=self.stats_window,
                                               days=int(days_text or DEFAULT_DAYS),
                                               caps=daily_caps(self.budgets, repo))
        except DatabaseUnavailable as exc:
            return self._unavailable(exc)
        return self.page("index.html", runs=runs, o=overview, repo=repo or "")

    async def run(self, request: web.Request) -> web.Response:
        raw_id = request.match_info["run_id"]
        if not raw_id.isdigit() or len(raw_id) > 18:
            return self.page("not_found.html", status=404, what=f"run {raw_id}")
        try:
            async with self.database.transaction() as session:
                detail = await run_detail(session, int(raw_id))
        except DatabaseUnavailable as exc:
            return self._unavailable(exc)
        if detail is None:
            return self.page("not_found.html", status=404, what=f"run {raw_id}")
        return self.page("run.html", detail=detail)

    async def api_stats(self, request: web.Request) -> web.Response:
        try:
            repo, since, window = stats_query(request.query, self.stats_window)
        except QueryError as exc:
            return web.json_response({"error": str(exc)}, status=400, headers=SECURITY_HEADERS)
        try:
            async with self.database.transaction() as session:
                report = await load_stats(session, repo=repo, since=since, window=window)
        except DatabaseUnavailable as exc:
            log.error("stats_database_unavailable", error=str(exc))
            return web.json_response({"error": "database unavailable"}, status=503,
                                     headers=SECURITY_HEADERS)
        return web.json_response(report.as_json(), headers=SECURITY_HEADERS)

    def unauthorized(self, request: web.Request) -> web.Response:
        if request.path.startswith("/api/"):
            return web.json_response({"error": "authentication required"}, status=401,
                                     headers=SECURITY_HEADERS)
        return self.page("unauthorized.html", status=401)

    def page(self, template: str, *, status: int = 200, **context: Any) -> web.Response:
        body = self.templates.get_template(template).render(**context)
        return web.Response(text=body, status=status, content_type="text/html", charset="utf-8",
                            headers=SECURITY_HEADERS)

    def _unavailable(self, exc: DatabaseUnavailable) -> web.Response:
        log.error("dashboard_database_unavailable", error=str(exc))
        return self.page("unavailable.html", status=503)


def stats_query(query: Any, default_window: int) -> tuple[str | None, date | None, int]:
    """`repo`, `since` (YYYY-MM-DD) and `window` from the query string, checked."""
    repo = query.get("repo", "").strip() or None
    since_text = query.get("since", "").strip()
    try:
        since = date.fromisoformat(since_text) if since_text else None
    except ValueError:
        raise QueryError(f"since must be a day as YYYY-MM-DD, got {since_text!r}") from None
    window_text = query.get("window", "").strip()
    if not window_text:
        return repo, since, default_window
    if not window_text.isdigit() or int(window_text) < 1:
        raise QueryError(f"window must be a whole number of runs >= 1, got {window_text!r}")
    return repo, since, int(window_text)


def format_number(value: float | None) -> str:
    """Counts with thousands separators (the report's medians of counts are whole)."""
    if value is None:
        return "-"
    if float(value).is_integer():
        return f"{int(value):,}"
    return f"{value:,.1f}"

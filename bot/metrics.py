"""Prometheus metrics: the web app's own series, one registry per application (tests run several
apps side by side), and the process's series (model errors and retries, sandbox limits).

What the store knows (steps, tokens, dollars, runs, the queue) is read from Postgres at scrape
time (bot/scrape.py), so every worker's work shows whichever process is scraped. What only the
process sees as it happens (a model request that failed and was retried, a sandboxed command
stopped by a limit) is counted here, in `PROCESS`, by the code that sees it: those series are
per process, as Prometheus expects of counters.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from prometheus_client import CollectorRegistry, Counter, Gauge, Histogram

from bot.config import BudgetSettings

PROCESS = CollectorRegistry(auto_describe=True)
"""This process's event counters (every app of the process exposes them)."""

MODEL_ERRORS = Counter(
    "smith_model_errors", "Failed model requests, by step and reason (HTTP status or "
    "`connection`); each failed try counts, retried or not.", ["step", "reason"],
    registry=PROCESS,
)
MODEL_RETRIES = Counter(
    "smith_model_retries", "Model requests tried again after a transient failure.",
    ["step", "reason"], registry=PROCESS,
)
SANDBOX_COMMANDS = Counter(
    "smith_sandbox_commands", "Sandboxed commands run, by sandbox kind and how they ended "
    "(`exited`, or the limit that stopped them).", ["kind", "outcome"], registry=PROCESS,
)
SANDBOX_LIMIT_HITS = Counter(
    "smith_sandbox_limit_hits", "Sandboxed commands stopped by a resource limit (timeout, "
    "memory, processes, disk, file_size, cpu_time).", ["limit"], registry=PROCESS,
)
SANDBOX_SECONDS = Histogram(
    "smith_sandbox_command_duration_seconds", "Wall time of sandboxed commands.", ["kind"],
    registry=PROCESS, buckets=(0.5, 1, 2.5, 5, 10, 30, 60, 120, 300, 600, 1200, 1800),
)

# Reasons are a closed set, whatever an error said: HTTP statuses are numbers below 600.
CONNECTION = "connection"


def model_error(step: str, reason: str) -> None:
    MODEL_ERRORS.labels(step, _reason(reason)).inc()


def model_retry(step: str, reason: str) -> None:
    MODEL_RETRIES.labels(step, _reason(reason)).inc()


def sandbox_command(kind: str, limit: str | None, seconds: float) -> None:
    SANDBOX_COMMANDS.labels(kind, limit or "exited").inc()
    SANDBOX_SECONDS.labels(kind).observe(seconds)
    if limit is not None:
        SANDBOX_LIMIT_HITS.labels(limit).inc()


def _reason(reason: str) -> str:
    head = reason.split(" ", 1)[0]
    return head if head.isdigit() and len(head) == 3 else CONNECTION


@dataclass
class Metrics:
    registry: CollectorRegistry = field(default_factory=CollectorRegistry)
    top_repositories: int = 10
    """Repositories named in the store's series; the others are `other`."""

    def __post_init__(self) -> None:
        self.deliveries = Counter(
            "smith_webhook_deliveries", "Webhook deliveries by forge, event and outcome.",
            ["forge", "event", "outcome"], registry=self.registry,
        )
        self.ack_seconds = Histogram(
            "smith_webhook_ack_seconds", "Time from request to answer for webhook deliveries.",
            ["forge"], registry=self.registry,
            buckets=(0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5),
        )
        self.runs = Gauge(
            "smith_runs", "Runs in the database by status.", ["status"], registry=self.registry,
        )
        self.budget_cap_dollars = Gauge(
            "smith_budget_cap_dollars", "Spending caps in dollars by period (`day`, `month`) "
            "and scope (`installation`, `each_repository` for the cap every repository gets, or "
            "a repository the settings name), as configured; compare with smith_spend_dollars.",
            ["period", "scope"], registry=self.registry,
        )

    def show_caps(self, budgets: BudgetSettings) -> None:
        """The dollar caps of `smith.toml` as gauges, so alerts can divide spend by them (a
        `.smith.yml` may tighten a repository's further; that is not shown here)."""
        self.budget_cap_dollars.clear()
        scopes = {"installation": budgets.installation, "each_repository": budgets.repository,
                  **budgets.repositories}
        for scope, caps in scopes.items():
            for period, cap in (("day", caps.day_usd), ("month", caps.month_usd)):
                if cap is not None:
                    self.budget_cap_dollars.labels(period, scope).set(cap)

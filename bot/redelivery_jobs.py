"""The GitHub redelivery sweeper: a periodic job that asks GitHub again for failed deliveries.

GitHub never retries a delivery Smith answered 5xx or did not answer (past the webhook deadline,
during a deploy). Every `redelivery_interval_minutes` (0: never) this job lists the recent
deliveries of Smith's webhook (bot/forge/redelivery.py), keeps those that never got a 2xx, whose
guid Smith has not recorded and that are within `redelivery_lookback_hours`, and asks GitHub to
redeliver each. Running it twice asks once: the redelivery either succeeded (a 2xx attempt, the
guid recorded) or failed and is asked again next time, up to a few attempts. The intake
deduplicates by delivery id, so even a redelivery that crosses a late original causes nothing.

The composition root (`bot/runtime.py`) adds this module's `blueprint` to the job app; a lock keeps one sweep at a
time across workers and a queueing lock keeps missed ticks from piling up.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta

import procrastinate
import structlog

from bot.forge.base import RepoRef
from bot.forge.errors import ForgeError, NotFound, PermissionDenied
from bot.forge.github import GitHubForge
from bot.forge.redelivery import GitHubHookDeliveries, HookDelivery, needing_redelivery
from bot.rules.config import minutes_cron
from bot.services import Runtime
from bot.store.deliveries import known_repositories, recorded_delivery_ids
from bot.store.queue import QUEUE

log = structlog.get_logger(__name__)

REDELIVER_WEBHOOKS = "smith.redeliver_webhooks"
DEFAULT_INTERVAL_MINUTES = 10.0
DEFAULT_LOOKBACK_HOURS = 3.0


@dataclass
class SweepResult:
    listed: int = 0
    redelivered: list[str] = field(default_factory=list)
    """Guids GitHub was asked to deliver again."""
    failed: int = 0
    skipped: str | None = None


def blueprint(runtime: Runtime | None) -> procrastinate.Blueprint:
    """The sweep task; periodic unless `redelivery_interval_minutes` is 0."""
    settings = runtime.settings if runtime else None
    interval = float(getattr(settings, "redelivery_interval_minutes", DEFAULT_INTERVAL_MINUTES))
    tasks = procrastinate.Blueprint()

    async def redeliver_webhooks_job(timestamp: int) -> None:
        if runtime is None:
            raise RuntimeError("this process was not set up to execute jobs")
        await sweep_redeliveries(runtime)

    task = tasks.task(name=REDELIVER_WEBHOOKS, queue=QUEUE, pass_context=False,
                      lock=REDELIVER_WEBHOOKS, queueing_lock=REDELIVER_WEBHOOKS)
    if interval > 0:
        tasks.periodic(cron=minutes_cron(interval),
                       periodic_id=REDELIVER_WEBHOOKS)(task(redeliver_webhooks_job))
    else:
        task(redeliver_webhooks_job)  # still known, so a job queued earlier can finish
    return tasks


async def sweep_redeliveries(runtime: Runtime, *, now: datetime | None = None) -> SweepResult:
    """One pass: list recent deliveries, redeliver the failed ones Smith never recorded."""
    forge = runtime.forges.get("github")
    if not isinstance(forge, GitHubForge):
        return SweepResult(skipped="no GitHub connection")
    settings = runtime.settings
    hours = float(getattr(settings, "redelivery_lookback_hours", DEFAULT_LOOKBACK_HOURS))
    since = (now or datetime.now(UTC)) - timedelta(hours=hours)
    hooks = forge.webhook_deliveries()
    result = SweepResult()
    deliveries = await _list(runtime, hooks, since)
    result.listed = len(deliveries)
    recorded = await _recorded_guids(runtime, {d.guid for d in deliveries})
    for delivery in needing_redelivery(deliveries, recorded=recorded, since=since):
        try:
            await hooks.redeliver(delivery)
        except ForgeError as exc:
            result.failed += 1
            log.warning("webhook_redelivery_failed", guid=delivery.guid, error=str(exc))
            continue
        result.redelivered.append(delivery.guid)
        log.info("webhook_redelivered", guid=delivery.guid, event_name=delivery.event,
                 action=delivery.action, status_code=delivery.status_code,
                 repo=delivery.repo)
    log.info("webhook_redelivery_sweep", listed=result.listed,
             redelivered=len(result.redelivered), failed=result.failed)
    return result


async def _list(runtime: Runtime, hooks: GitHubHookDeliveries,
                since: datetime) -> list[HookDelivery]:
    if hooks.is_app:
        return await hooks.app_deliveries(since)
    found: list[HookDelivery] = []
    for repo in await _known_repositories(runtime):
        try:
            found += await hooks.repo_deliveries(RepoRef("github", repo), since)
        except (NotFound, PermissionDenied) as exc:
            # Reading a repository's hooks needs admin on it; without it there is nothing to do.
            log.warning("webhook_deliveries_unreadable", repo=repo, error=str(exc))
    return found


async def _known_repositories(runtime: Runtime) -> list[str]:
    """Repositories whose webhooks may point at Smith: the setting's, and every GitHub
    repository Smith has runs or deliveries for."""
    configured = list(getattr(runtime.settings, "redelivery_repositories", []) or [])
    async with runtime.db.transaction() as session:
        seen = await known_repositories(session, "github")
    return sorted({name for name in [*configured, *seen] if "/" in name})


async def _recorded_guids(runtime: Runtime, guids: set[str]) -> set[str]:
    async with runtime.db.transaction() as session:
        return await recorded_delivery_ids(session, "github", guids)

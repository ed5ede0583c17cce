"""`/healthz` says whether a supervisor should restart the process: 503 while its worker is gone
(the loop died, or waits for the database), 200 while it runs or stops on request."""

from __future__ import annotations

import asyncio
from pathlib import Path

import aiohttp
from aiohttp.test_utils import TestServer

from bot.app import create_app
from bot.store.db import Database
from bot.worker_loop import NOT_RUNNING, WorkerProbe
from handlers import build_router
from tests.service.conftest import make_settings


async def _health(probe: WorkerProbe, database: Database, tmp_path: Path) -> tuple[int, str]:
    settings = make_settings(tmp_path)
    server = TestServer(create_app(settings, database, build_router(settings),
                                   worker_gone=probe.gone), host="127.0.0.1")
    await server.start_server()
    try:
        async with aiohttp.ClientSession() as client, \
                client.get(str(server.make_url("/healthz"))) as response:
            return response.status, (await response.json())["status"]
    finally:
        await server.close()


async def test_healthz_follows_the_worker_loop(tmp_path: Path, database: Database) -> None:
    probe = WorkerProbe(stale_after=30)
    assert await _health(probe, database, tmp_path) == (503, NOT_RUNNING)  # between incarnations

    running = asyncio.create_task(asyncio.sleep(60))
    probe.tasks = [running]
    assert await _health(probe, database, tmp_path) == (200, "ok")

    running.cancel()  # a worker of the incarnation ended: gone until the next one runs
    await asyncio.gather(running, return_exceptions=True)
    assert await _health(probe, database, tmp_path) == (503, NOT_RUNNING)

    probe.stopping = True  # stopping on SIGTERM is not being gone
    assert await _health(probe, database, tmp_path) == (200, "ok")

"""The dashboard never faces a non-loopback address without a token; `/metrics` can move to a
private admin listener."""

from __future__ import annotations

import signal
import subprocess
import sys
import time
import urllib.error
import urllib.request

import aiohttp
import pytest

from bot.exposure import is_loopback, plan_exposure
from tests.service.test_cli import ROOT, _env, _free_port


@pytest.mark.parametrize(("host", "loopback"), [
    ("127.0.0.1", True), ("127.8.0.1", True), ("localhost", True), ("::1", True),
    ("[::1]", True), ("0.0.0.0", False), ("::", False), ("10.0.0.5", False),
    ("smith.example.org", False),
])
def test_loopback_addresses(host, loopback):
    assert is_loopback(host) is loopback


def test_a_tokenless_dashboard_stays_on_loopback():
    public = plan_exposure(host="0.0.0.0", has_token=False, admin_host="127.0.0.1",
                           admin_port=None)
    assert not public.dashboard_public and not public.dashboard_on_admin
    assert "SMITH_DASHBOARD_TOKEN" in public.reason
    with_admin = plan_exposure(host="0.0.0.0", has_token=False, admin_host="127.0.0.1",
                               admin_port=9100)
    assert with_admin.dashboard_on_admin and not with_admin.metrics_public
    exposed_admin = plan_exposure(host="0.0.0.0", has_token=False, admin_host="0.0.0.0",
                                  admin_port=9100)
    assert not exposed_admin.dashboard_on_admin and exposed_admin.reason
    tokened = plan_exposure(host="0.0.0.0", has_token=True, admin_host="127.0.0.1",
                            admin_port=None)
    assert tokened.dashboard_public and tokened.metrics_public and tokened.reason is None


def _status(url: str) -> int:
    try:
        with urllib.request.urlopen(url, timeout=5) as response:
            return response.status
    except urllib.error.HTTPError as exc:
        return exc.code


@pytest.mark.slow
def test_serve_on_all_addresses_without_a_token_keeps_dashboard_and_metrics_private(
    tmp_path, database_url
):
    port, admin = _free_port(), _free_port()
    env = _env(SMITH_DATA_DIR=str(tmp_path / "data"), SMITH_DATABASE_URL=database_url,
               SMITH_ADMIN_PORT=str(admin))
    serve = subprocess.Popen(
        [sys.executable, "-m", "bot.cli", "serve", "--host", "0.0.0.0", "--port", str(port),
         "--no-worker"], env=env, cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
        text=True)
    try:
        deadline = time.monotonic() + 60
        while _ready(f"http://127.0.0.1:{admin}/readyz") is False:
            if serve.poll() is not None or time.monotonic() > deadline:
                raise AssertionError(serve.stdout.read() if serve.poll() is not None
                                     else "serve did not become ready")
            time.sleep(0.3)
        assert _status(f"http://127.0.0.1:{port}/readyz") == 200
        assert _status(f"http://127.0.0.1:{port}/") == 404  # no dashboard on 0.0.0.0
        assert _status(f"http://127.0.0.1:{port}/api/stats") == 404
        assert _status(f"http://127.0.0.1:{port}/metrics") == 404
        assert _status(f"http://127.0.0.1:{admin}/metrics") == 200
        assert _status(f"http://127.0.0.1:{admin}/api/stats") == 200
    finally:
        serve.send_signal(signal.SIGTERM)
        serve.communicate(timeout=60)


def _ready(url: str) -> bool:
    try:
        return _status(url) == 200
    except OSError:
        return False


async def test_readiness_follows_the_in_process_workers_heartbeat(tmp_path, database_url, database):
    """/readyz is 200 only while this process's worker runs and the database sees it beat: a
    wedged worker (stale heartbeat) or one pruned as stalled is not ready, nor a stopped one."""
    import asyncio

    from aiohttp.test_utils import TestServer
    from sqlalchemy import text

    from bot.app import create_app
    from bot.jobs import WorkerProbe, run_worker
    from bot.runtime import build_job_app
    from bot.services import Runtime
    from handlers import build_router
    from tests.service.conftest import make_settings

    settings = make_settings(tmp_path).model_copy(update={"stalled_after_seconds": 30.0, "shutdown_grace_seconds": 3.0})
    probe = WorkerProbe(stale_after=settings.stalled_after_seconds)
    stop = asyncio.Event()
    runtime = Runtime(settings=settings, db=database)
    worker = asyncio.create_task(run_worker(build_job_app(database_url, runtime), settings,
                                            stop=stop, probe=probe))

    async def check() -> str | None:
        return await probe.problem(database)

    server = TestServer(create_app(settings, database, build_router(settings),
                                   worker_check=check), host="127.0.0.1")
    await server.start_server()
    try:
        async with aiohttp.ClientSession() as client:
            async def readiness(path: str = "/readyz") -> tuple[int, str]:
                async with client.get(str(server.make_url(path))) as response:
                    return response.status, (await response.json())["status"]

            for _ in range(100):  # the worker registers itself shortly after it starts
                if (await readiness())[0] == 200:
                    break
                await asyncio.sleep(0.05)
            assert await readiness() == (200, "ready")
            worker_id = probe.worker.worker_id
            async with database.transaction() as session:
                await session.execute(text(
                    "UPDATE procrastinate_workers SET last_heartbeat = now() - interval '10 minutes'"
                    " WHERE id = :id"), {"id": worker_id})
            status, reason = await readiness()
            assert status == 503 and "heartbeat" in reason and "old" in reason
            async with database.transaction() as session:
                await session.execute(text("DELETE FROM procrastinate_workers WHERE id = :id"),
                                      {"id": worker_id})
            # Pruned: procrastinate may also end the worker when it next fetches a job under
            # the id that is gone; either way it is not ready.
            assert await readiness() in ((503, "worker heartbeat missing (pruned as stalled)"),
                                         (503, "worker not running"))
            stop.set()
            await asyncio.wait([worker])
            assert await readiness() == (503, "worker not running")
            assert (await readiness("/healthz"))[0] == 200  # the process itself is fine
    finally:
        stop.set()
        await server.close()
        if not worker.done():
            worker.cancel()


@pytest.mark.slow
def test_a_worker_serves_its_probes_and_drains_on_sigterm(tmp_path, database_url):
    health = _free_port()
    env = _env(SMITH_DATA_DIR=str(tmp_path / "data"), SMITH_DATABASE_URL=database_url)
    worker = subprocess.Popen(
        [sys.executable, "-m", "bot.cli", "worker", "--concurrency", "3", "--health-port",
         str(health)], env=env, cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
        text=True)
    try:
        deadline = time.monotonic() + 60
        while not _ready(f"http://127.0.0.1:{health}/readyz"):
            if worker.poll() is not None or time.monotonic() > deadline:
                raise AssertionError(worker.stdout.read() if worker.poll() is not None
                                     else "worker did not become ready")
            time.sleep(0.3)
        assert _status(f"http://127.0.0.1:{health}/metrics") == 200
    finally:
        worker.send_signal(signal.SIGTERM)
        output, _ = worker.communicate(timeout=60)
    assert worker.returncode == 0, output
    bad = subprocess.run([sys.executable, "-m", "bot.cli", "worker", "--concurrency", "0"],
                         env=env, cwd=ROOT, capture_output=True, text=True, timeout=60)
    assert bad.returncode == 2 and "at least 1" in bad.stderr

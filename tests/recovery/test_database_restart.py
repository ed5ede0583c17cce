"""PostgreSQL killed outright and started again under a running Smith, scaled out (one
`smith serve --no-worker`, one `smith worker`) and on the single-process default (`smith serve`
with its built-in worker and embedded server).

Both must come back by themselves: the processes stay up, say they are unhealthy while the
database is gone (`/healthz` 503, so a supervisor could restart them) and not ready until the
database and the worker are back (`/readyz`), then every run ends once with one pull request:
the one that was mid-step when the database died, the summons answered 503 during the outage
(delivered again, as GitHub's redelivery does) and the one accepted after the restart, before
the worker was back.
"""

from __future__ import annotations

import asyncio
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from bot.store.embedded import read_postmaster
from tests.recovery.conftest import Killable
from tests.recovery.outage import (
    deliver_until_taken,
    kill_postmaster,
    one_pull_request_per_issue,
    probe_url,
    start_again,
    status,
    wait_status,
)
from tests.scale.cluster import LABEL, ROOT, Cluster, Size, SmithProcess, cluster, wait_until

pytestmark = [pytest.mark.slow, pytest.mark.e2e, pytest.mark.timeout(900)]

SIZE = Size(summons=3, repositories=3, workers=1, concurrency=2)
STALLED_AFTER_SECONDS = 30.0  # the default: longer than the outage, so no run is rescued
GRACE_SECONDS = 30.0
OUTAGE_SECONDS = 3.0  # longer than the probes take to see it (503 is awaited before); runs wait on


async def _held_run_then_outage(smith: Cluster, worker: SmithProcess,
                                probes: list[SmithProcess], pgdata: Path) -> None:
    """Issue 1's run waits at the model in IMPLEMENT; the database is killed; issue 2 is
    labelled during the outage and answered 503; the database is started again; issue 2 is
    delivered again and issue 3 labelled, both taken, and the held step goes on."""
    (repo_1, issue_1), (repo_2, issue_2), (repo_3, issue_3) = smith.issues
    thinking = smith.model.hold(worker.name, "submit_implementation")
    await smith.github.label_issue(repo_1, issue_1, LABEL, actor="maintainer")
    await wait_until(lambda: _set(thinking.arrived), 240, what="issue 1 in IMPLEMENT",
                     cluster=smith)

    kill_postmaster(pgdata)
    for process in probes:  # unhealthy while the database is gone, and still running
        await wait_status(smith, process, "/healthz", 503, timeout=20)
        assert await status(probe_url(process, "/readyz")) == 503
    await smith.github.label_issue(repo_2, issue_2, LABEL, actor="maintainer")
    during = smith.github.deliveries[-1]
    assert during.status_code == 503, during.status_code  # Smith could not record it
    await asyncio.sleep(OUTAGE_SECONDS)
    assert all(p.popen.poll() is None for p in smith.processes), smith.tails()

    await start_again(pgdata)
    await deliver_until_taken(smith, during)
    await smith.github.label_issue(repo_3, issue_3, LABEL, actor="maintainer")
    if not 200 <= smith.github.deliveries[-1].status_code < 300:
        await deliver_until_taken(smith, smith.github.deliveries[-1])
    thinking.released.set()
    for process in probes:
        await wait_status(smith, process, "/readyz", 200, timeout=120)
        assert await status(probe_url(process, "/healthz")) == 200


async def _set(event: asyncio.Event) -> bool:
    return event.is_set()


async def _queue_drained(smith: Cluster) -> None:
    """Every chain job ends succeeded (a run's ending is written just before its job's)."""
    async def drained() -> bool:
        return set(await smith.job_statuses()) == {"succeeded"}
    await wait_until(drained, 30, what="every chain job succeeded", cluster=smith)


async def _all_finished(smith: Cluster, timeout: float) -> None:
    async def finished() -> bool:
        return await smith.finished_runs() == len(smith.issues)
    await wait_until(finished, timeout, what="every run finished", cluster=smith)


async def test_scaled_out_smith_survives_its_postgres_being_killed_and_restarted(
    open_root: Path, killable_postgres: Killable,
):
    async with cluster(open_root / "cluster", killable_postgres.url, SIZE,
                       grace_seconds=GRACE_SECONDS,
                       stalled_after_seconds=STALLED_AFTER_SECONDS) as smith:
        web = smith.start_web()
        worker = smith.start_worker("worker-0")
        await smith.wait_ready([web, worker], timeout=180)

        await _held_run_then_outage(smith, worker, [web, worker], killable_postgres.pgdata)
        await _all_finished(smith, timeout=300)
        await one_pull_request_per_issue(smith)
        await _queue_drained(smith)

        worker.stop(signal.SIGTERM)
        web.stop(signal.SIGTERM)
        assert await worker.exited(timeout=GRACE_SECONDS + 30) == 0, worker.tail()
        assert await web.exited(timeout=30) == 0, web.tail()
        assert "worker_reconnecting" in worker.log.read_text()


def _start_embedded_serve(smith: Cluster, name: str, port: int) -> SmithProcess:
    """`smith serve` as a newcomer runs it: the embedded server in its data folder."""
    env = smith._env(name)
    del env["SMITH_DATABASE_URL"]
    env["SMITH_EMBEDDED_DATABASE"] = "true"
    log = smith.root / "logs" / f"{name}.log"
    log.parent.mkdir(parents=True, exist_ok=True)
    with log.open("ab") as stream:
        popen = subprocess.Popen(
            [sys.executable, "-m", "bot", "serve", "--host", "127.0.0.1", "--port", str(port)],
            env=env, cwd=ROOT, stdout=subprocess.DEVNULL, stderr=stream)
    process = SmithProcess(name, popen, log, f"http://127.0.0.1:{port}/readyz")
    smith.processes.append(process)
    return process


async def test_smith_serve_restarts_its_embedded_postgres_after_kill_9(open_root: Path):
    # The cluster's URL is not used by this process; the test reads the embedded one below.
    async with cluster(open_root / "cluster", "postgresql://unused", SIZE,
                       grace_seconds=GRACE_SECONDS,
                       stalled_after_seconds=STALLED_AFTER_SECONDS) as smith:
        serve = _start_embedded_serve(smith, "serve", smith.web_port)
        await smith.wait_ready([serve], timeout=180)
        pgdata = smith.root / "data" / "serve" / "postgres"
        postmaster = read_postmaster(pgdata)
        assert postmaster is not None and postmaster.socket_dir is not None
        smith.database_url = f"postgresql://postgres:@/smith?host={postmaster.socket_dir}"

        await _held_run_then_outage_embedded(smith, serve, pgdata)
        await _all_finished(smith, timeout=300)
        await one_pull_request_per_issue(smith)
        await _queue_drained(smith)

        serve.stop(signal.SIGTERM)
        assert await serve.exited(timeout=GRACE_SECONDS + 30) == 0, serve.tail()
        logged = serve.log.read_text()
        assert "embedded_postgres_restarted" in logged and "worker_reconnecting" in logged


async def _held_run_then_outage_embedded(smith: Cluster, serve: SmithProcess,
                                         pgdata: Path) -> None:
    """As `_held_run_then_outage`, but nobody starts the server again: `smith serve` does."""
    (repo_1, issue_1), (repo_2, issue_2), (repo_3, issue_3) = smith.issues
    thinking = smith.model.hold(serve.name, "submit_implementation")
    await smith.github.label_issue(repo_1, issue_1, LABEL, actor="maintainer")
    await wait_until(lambda: _set(thinking.arrived), 240, what="issue 1 in IMPLEMENT",
                     cluster=smith)
    old = kill_postmaster(pgdata)
    seen = set()
    for _ in range(200):  # the outage lasts about as long as the restart takes: poll fast
        seen.add(await status(probe_url(serve, "/healthz")))
        if 503 in seen:
            break
        await asyncio.sleep(0.02)
    assert 503 in seen, seen

    async def restarted() -> bool:
        postmaster = read_postmaster(pgdata)
        return postmaster is not None and postmaster.pid != old
    await wait_until(restarted, 60, what="the embedded server restarted", cluster=smith)
    await smith.github.label_issue(repo_2, issue_2, LABEL, actor="maintainer")
    if not 200 <= smith.github.deliveries[-1].status_code < 300:
        await deliver_until_taken(smith, smith.github.deliveries[-1])
    thinking.released.set()
    await wait_status(smith, serve, "/readyz", 200, timeout=120)
    assert await status(probe_url(serve, "/healthz")) == 200
    await smith.github.label_issue(repo_3, issue_3, LABEL, actor="maintainer")
    if not 200 <= smith.github.deliveries[-1].status_code < 300:
        await deliver_until_taken(smith, smith.github.deliveries[-1])

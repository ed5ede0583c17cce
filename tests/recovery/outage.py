"""What the recovery tests do to a running Smith: kill its PostgreSQL outright, start it again,
probe its processes, and send a webhook again until it is taken (as GitHub's redelivery, by an
operator or Smith's sweeper, does for one answered 503)."""

from __future__ import annotations

import asyncio
import os
import signal
from collections import Counter
from pathlib import Path

import aiohttp

from bot.store.embedded import EmbeddedPostgresError, read_postmaster, restart_if_dead
from tests.fakes.github.state import SentDelivery
from tests.scale.cluster import Cluster, SmithProcess, wait_until


def kill_postmaster(pgdata: Path) -> int:
    """SIGKILL to the server's postmaster (no shutdown, no goodbye to its clients)."""
    postmaster = read_postmaster(pgdata)
    assert postmaster is not None, f"no server runs in {pgdata}"
    os.kill(postmaster.pid, signal.SIGKILL)
    return postmaster.pid


async def start_again(pgdata: Path, timeout: float = 60.0) -> None:
    """Start the killed server again (its old backends may take a moment to exit)."""
    deadline = asyncio.get_running_loop().time() + timeout
    while True:
        try:
            await asyncio.to_thread(restart_if_dead, pgdata)
            return
        except EmbeddedPostgresError:
            if asyncio.get_running_loop().time() > deadline:
                raise
            await asyncio.sleep(0.3)


def probe_url(process: SmithProcess, path: str) -> str:
    """`/healthz` or `/readyz` of the process (its ready_url names the listener)."""
    return process.ready_url.rsplit("/", 1)[0] + path


async def status(url: str) -> int:
    """The probe's HTTP status; 0 when nothing answers within 5 s."""
    try:
        async with aiohttp.ClientSession(timeout=aiohttp.ClientTimeout(total=5)) as http, \
                http.get(url) as response:
            return response.status
    except (aiohttp.ClientError, TimeoutError):
        return 0


async def wait_status(cluster: Cluster, process: SmithProcess, path: str, wanted: int,
                      timeout: float) -> None:
    async def reached() -> bool:
        assert process.popen.poll() is None, f"{process.name} exited\n{process.tail()}"
        return await status(probe_url(process, path)) == wanted
    await wait_until(reached, timeout, what=f"{process.name} {path} {wanted}", cluster=cluster,
                     every=0.1)


async def deliver_until_taken(cluster: Cluster, delivery: SentDelivery,
                              timeout: float = 60.0) -> int:
    """Send `delivery` again (same delivery id) until Smith answers 2xx; returns the tries."""
    tries = 0

    async def taken() -> bool:
        nonlocal tries
        tries += 1
        sent = await cluster.github._deliver(
            delivery.headers, delivery.body, delivery.repo, redelivery=True,
            app_id=delivery.app_id, hook_id=delivery.hook_id)
        return 200 <= sent.status_code < 300
    await wait_until(taken, timeout, what="the webhook taken", cluster=cluster, every=0.5)
    return tries


async def one_pull_request_per_issue(cluster: Cluster) -> None:
    """Every seeded issue: one run, succeeded with a change request, published once; one pull
    request per issue, the one its run names."""
    runs = await cluster.query(
        "SELECT id, repo, issue_number, status, outcome, reason, change_request_number "
        "FROM runs ORDER BY id")
    per_issue = Counter((repo, issue) for _, repo, issue, *_ in runs)
    assert sorted(per_issue) == sorted(cluster.issues), runs
    assert set(per_issue.values()) == {1}, runs
    assert [r for r in runs if (r[3], r[4]) != ("succeeded", "change_request")] == [], runs
    pulls = list(cluster.github.state.pulls.values())
    assert len(pulls) == len(cluster.issues), [(p.repo, p.number, p.head) for p in pulls]
    assert sorted((repo, number) for _, repo, _, _, _, _, number in runs) == \
        sorted((pull.repo, pull.number) for pull in pulls)
    published = await cluster.query(
        "SELECT run_id, count(*) FROM steps WHERE name = 'publish' AND status = 'passed' "
        "GROUP BY run_id")
    assert sorted(count for _, count in published) == [1] * len(runs), published

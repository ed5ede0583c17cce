"""Scaled out: one web process and 4 workers on one PostgreSQL, many summons across many
repositories; a worker dies mid-run, the rest drain on SIGTERM; every issue ends with exactly
one run and one change request.

Bounded for CI on a 2-core machine: 16 summons across 8 repositories, two issues a repository
(24 took about 70 s CPU in all; 16 are still twice the 8 run slots, and the wait for the killed
worker's heartbeat to go stale overlaps the rest of the work; several minutes on a busy machine,
hence the generous deadlines). The issue's full size, 200 summons across 40 repositories:

    SMITH_SCALE_SUMMONS=200 SMITH_SCALE_REPOSITORIES=40 .venv/bin/python -m pytest -s tests/scale

(`-s` shows the jobs/s and p95 queue wait it prints; benchmarks/scale.py compares them with a
single worker.)
"""

from __future__ import annotations

import signal
import time
from collections import Counter
from pathlib import Path

import pytest

from tests.scale.cluster import Cluster, Size, cluster, wait_until

pytestmark = [pytest.mark.slow, pytest.mark.e2e, pytest.mark.timeout(1800)]

SIZE = Size.from_env(summons=16, repositories=8)
GRACE_SECONDS = 60.0  # the default: a run under load can take half a minute to finish
STALLED_AFTER_SECONDS = 20.0  # the killed worker's runs move on within seconds; longer than a
# live worker's heartbeat lags on a loaded 2-core machine. A shorter window is safe since the run
# lease (a starved worker whose run was rescued stops at its next write: tests/scale/
# test_fencing.py), but its run then has an interrupted step too, which this test's count of the
# killed worker's runs does not expect.


def _budget(size: Size) -> float:
    """Seconds the whole load may take: generous, so a busy machine is slow, not red."""
    return 120.0 + 10.0 * size.summons / max(1, size.workers - 1)


async def _steps_by_run(cluster_: Cluster) -> dict[int, list[tuple[str, str]]]:
    rows = await cluster_.query("SELECT run_id, name, status FROM steps ORDER BY id")
    steps: dict[int, list[tuple[str, str]]] = {}
    for run_id, name, status in rows:
        steps.setdefault(run_id, []).append((name, status))
    return steps


async def test_many_workers_one_run_and_one_change_request_per_issue(
    tmp_path: Path, external_postgres: str,
):
    started = time.monotonic()
    async with cluster(tmp_path, external_postgres, SIZE, grace_seconds=GRACE_SECONDS,
                       stalled_after_seconds=STALLED_AFTER_SECONDS) as smith:
        web = smith.start_web()
        workers = [smith.start_worker(f"worker-{index}") for index in range(SIZE.workers)]
        # The first worker's first fix is held at the model: that worker dies there.
        doomed = workers[0]
        thinking = smith.model.hold(doomed.name, "submit_implementation")
        await smith.wait_ready([web, *workers], timeout=180)
        await smith.summon_all()

        # 1. SIGKILL mid-run: no goodbye, its jobs stay 'doing' until the heartbeat goes stale.
        await wait_until(lambda: _arrived(thinking), 180, what="a fix on the doomed worker",
                         cluster=smith)
        doomed.stop(signal.SIGKILL)
        assert await doomed.exited(timeout=10) == -signal.SIGKILL
        killed_at = time.monotonic()
        thinking.abandon()

        # 2. The others take its runs over and work through the rest, until only the last
        # few are running; then all of them get SIGTERM and must finish those within the grace.
        async def last_few_running() -> bool:
            # The killed worker's jobs count as orphaned only once its heartbeat is older than
            # the window: before that, "none orphaned" does not mean they were taken over
            # (events now take no run slot, so the rest can be running that early).
            if time.monotonic() - killed_at < STALLED_AFTER_SECONDS + 2:
                return False
            queue = await smith.queue()
            if queue.total < SIZE.summons or queue.todo or queue.orphaned or not queue.retried:
                return False
            return queue.doing > 0 or await smith.finished_runs() == SIZE.summons
        await wait_until(last_few_running, _budget(SIZE), what="only the last runs running",
                         cluster=smith, every=0.1)
        running_at_sigterm = (await smith.queue()).doing
        survivors = smith.workers()
        stopping = time.monotonic()
        for worker in survivors:
            worker.stop(signal.SIGTERM)
        codes = {worker.name: await worker.exited(timeout=GRACE_SECONDS + 30)
                 for worker in survivors}
        drained_in = time.monotonic() - stopping
        web.stop(signal.SIGTERM)
        assert await web.exited(timeout=30) == 0, web.tail()

        assert codes == {worker.name: 0 for worker in survivors}, smith.tails()
        assert drained_in < GRACE_SECONDS + 10
        jobs = await smith.job_statuses()
        assert "doing" not in jobs and "todo" not in jobs, jobs
        assert jobs == {"succeeded": SIZE.summons}, jobs
        stats = await smith.job_stats()
        runs = await smith.query(
            "SELECT id, repo, issue_number, status, outcome, reason, change_request_number "
            "FROM runs ORDER BY id")
        steps = await _steps_by_run(smith)
        pulls = list(smith.github.state.pulls.values())
        problems = list(smith.model.problems)
        requests_by_worker = dict(smith.model.by_worker)
        # Executors that lost their run to a rescue while alive (starved on a loaded machine):
        # each stopped at its next write, and its run has one interrupted step more.
        fenced = sum(p.log.read_text(errors="replace").count('"run_fenced"')
                     for p in smith.processes)

    # Every issue: exactly one run, succeeded with a change request; no issue without one.
    per_issue = Counter((repo, issue) for _, repo, issue, *_ in runs)
    assert sorted(per_issue) == sorted(smith.issues)
    assert set(per_issue.values()) == {1}
    assert [(run_id, status, outcome, reason, steps.get(run_id))
            for run_id, _, _, status, outcome, reason, _ in runs
            if (status, outcome) != ("succeeded", "change_request")] == []
    # ... and exactly one change request, the one its run names, on its own branch.
    assert len(pulls) == SIZE.summons
    assert len({(pull.repo, pull.head) for pull in pulls}) == SIZE.summons
    assert sorted((repo, number) for _, repo, _, _, _, _, number in runs) == \
        sorted((pull.repo, pull.number) for pull in pulls)
    pull_of = {(pull.repo, pull.number): pull for pull in pulls}
    for _, repo, issue, _, _, _, number in runs:
        assert f"#{issue}" in pull_of[(repo, number)].body
    # Every run published once: a run walked twice side by side (a live worker starved past the
    # window) is published by the executor holding its lease alone.
    for run_id, run_steps in steps.items():
        assert run_steps.count(("publish", "passed")) == 1, (run_id, run_steps)

    # The runs the killed worker held were resumed elsewhere from their last finished step: the
    # interrupted step is an environment failure, a fresh checkout follows, and nothing before
    # it was redone.
    interrupted = {run_id: run_steps for run_id, run_steps in steps.items()
                   if any(status == "environment" for _, status in run_steps)}
    assert 1 <= len(interrupted) <= SIZE.concurrency + fenced, (fenced, interrupted)
    for run_id, run_steps in interrupted.items():
        # Each takeover outside PREPARE re-runs it first (a fresh checkout); one in PREPARE
        # starts there again.
        takeovers = sum(1 for name, status in run_steps
                        if status == "environment" and name != "prepare")
        assert run_steps.count(("prepare", "passed")) == 1 + takeovers, (run_id, run_steps)
        assert run_steps.count(("acceptance", "passed")) == 1, (run_id, run_steps)
    assert ("implement", "environment") in [s for run in interrupted.values() for s in run]
    # Every worker did a share, and the model never saw a request it would reject.
    assert all(requests_by_worker.get(f"worker-{index}", 0) > 0 for index in range(SIZE.workers))
    assert problems == []

    print(f"\nscale: {SIZE.summons} summons, {SIZE.repositories} repositories, "
          f"{SIZE.workers} workers x {SIZE.concurrency}: {stats.jobs_per_second:.2f} jobs/s, "
          f"p95 queue wait {stats.p95_wait:.1f} s, {running_at_sigterm} running at SIGTERM, "
          f"drained in {drained_in:.1f} s, {fenced} executors fenced, "
          f"{time.monotonic() - started:.0f} s in all")


async def _arrived(hold) -> bool:  # noqa: ANN001 - tests.scale.model.Hold
    return hold.arrived.is_set()


"""Workers die and stop; jobs survive: SIGKILL mid-job and SIGTERM lose nothing."""

from __future__ import annotations

import asyncio
import os
import signal
import subprocess
import sys
from pathlib import Path

import psycopg
import pytest

from bot.store.db import Database
from bot.store.queue import RUN_CHAIN, chain_lock, defer_in_transaction
from bot.store.runs import create_run

ROOT = Path(__file__).resolve().parents[2]
pytestmark = pytest.mark.slow


def _start_worker(url: str, seconds: float) -> subprocess.Popen:
    env = {**os.environ, "SLOW_SECONDS": str(seconds), "PYTHONPATH": str(ROOT)}
    return subprocess.Popen([sys.executable, "-m", "tests.service.slow_worker", url], env=env,
                            cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)


async def _queue_runs(database: Database, count: int) -> list[int]:
    ids = []
    async with database.transaction() as session:
        for issue in range(1, count + 1):
            run = await create_run(session, forge="github", repo="o/r", issue=issue, chain="fix",
                                   summoned_by="t")
            await defer_in_transaction(session, RUN_CHAIN, {"run_id": run.id},
                                       lock=chain_lock("github", "o/r", issue))
            ids.append(run.id)
    return ids


def _query(url: str, sql: str):
    with psycopg.connect(url) as conn:
        return conn.execute(sql).fetchall()


async def _wait_for(predicate, timeout: float = 60.0) -> None:
    deadline = asyncio.get_running_loop().time() + timeout
    while not predicate():
        if asyncio.get_running_loop().time() > deadline:
            raise AssertionError("condition not reached in time")
        await asyncio.sleep(0.2)


@pytest.fixture
def completions(database_url: str) -> str:
    with psycopg.connect(database_url, autocommit=True) as conn:
        conn.execute("CREATE TABLE completions (run_id bigint, pid int)")
    return database_url


async def test_sigkill_mid_job_the_job_is_picked_up_again_and_completes_once(
    database: Database, completions: str
):
    [run_id] = await _queue_runs(database, 1)
    first = _start_worker(completions, seconds=4)
    second = None
    try:
        await _wait_for(lambda: _query(completions,
                                       f"SELECT 1 FROM runs WHERE id={run_id} AND status='running'"))
        first.send_signal(signal.SIGKILL)
        first.wait(timeout=10)
        second = _start_worker(completions, seconds=0.5)
        await _wait_for(lambda: _query(completions, "SELECT 1 FROM completions"))
        await asyncio.sleep(3)  # time for a wrong second completion to show up
        rows = _query(completions, "SELECT run_id, pid FROM completions")
        assert [(r[0], r[1]) for r in rows] == [(run_id, second.pid)]
        jobs = _query(completions, "SELECT status FROM procrastinate_jobs "
                                   f"WHERE task_name = '{RUN_CHAIN}'")
        assert jobs == [("succeeded",)]
    finally:
        for process in (first, second):
            if process is not None and process.poll() is None:
                process.kill()
                process.wait()


async def test_sigterm_finishes_the_running_job_and_leaves_the_rest_queued(
    database: Database, completions: str
):
    run_ids = await _queue_runs(database, 2)
    worker = _start_worker(completions, seconds=2)
    try:
        await _wait_for(lambda: _query(completions,
                                       "SELECT 1 FROM runs WHERE status='running'"))
        worker.send_signal(signal.SIGTERM)
        assert worker.wait(timeout=30) == 0, worker.stderr.read().decode()[-2000:]
        done = _query(completions, "SELECT run_id FROM completions")
        assert len(done) == 1  # the running job finished during the graceful stop
        waiting = _query(completions, "SELECT status FROM procrastinate_jobs "
                                      f"WHERE task_name = '{RUN_CHAIN}' ORDER BY id")
        assert sorted(s for (s,) in waiting) == ["succeeded", "todo"]
        again = _start_worker(completions, seconds=0.2)
        try:
            await _wait_for(lambda: len(_query(completions, "SELECT 1 FROM completions")) == 2)
        finally:
            again.send_signal(signal.SIGTERM)
            again.wait(timeout=30)
        assert sorted(r for (r,) in _query(completions, "SELECT run_id FROM completions")) == run_ids
    finally:
        if worker.poll() is None:
            worker.kill()
            worker.wait()



async def test_a_job_finishing_after_sigterm_keeps_its_worker_alive_to_the_rescue(
    database: Database, completions: str
):
    # The job outlives the stalled timeout (2 s) after SIGTERM. procrastinate stops a worker's
    # heartbeat when asked to stop; without Smith's own beat, every rescue (this worker's own,
    # or another worker's) would put the still-running job back in the queue to be run again.
    [run_id] = await _queue_runs(database, 1)
    worker = _start_worker(completions, seconds=7)
    try:
        await _wait_for(lambda: _query(completions,
                                       f"SELECT 1 FROM runs WHERE id={run_id} AND status='running'"))
        worker.send_signal(signal.SIGTERM)
        assert worker.wait(timeout=30) == 0, worker.stderr.read().decode()[-2000:]
        rows = _query(completions, "SELECT run_id, pid FROM completions")
        assert [(r[0], r[1]) for r in rows] == [(run_id, worker.pid)]
        events = _query(completions, "SELECT e.type::text FROM procrastinate_events e JOIN "
                                     "procrastinate_jobs j ON j.id = e.job_id "
                                     f"WHERE j.task_name = '{RUN_CHAIN}' ORDER BY e.id")
        assert [e for (e,) in events] == ["deferred", "started", "succeeded"]  # never requeued
    finally:
        if worker.poll() is None:
            worker.kill()
            worker.wait()

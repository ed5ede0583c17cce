"""One run, one executor, one ending (#31 item 1), tried from outside: two `smith worker`
processes on one PostgreSQL. The first is paused (SIGSTOP) in the middle of IMPLEMENT, so its
heartbeat goes stale and the stalled-job rescue hands its job to the second, which finishes the
run. Then the first resumes (SIGCONT) and gets the model's answer it was waiting for: its lease
was taken over, so its next write is refused and it stops without a word. One pull request,
one ending, no duplicate-key crash, no "internal error" comment.
"""

from __future__ import annotations

import signal
from pathlib import Path

import pytest

from tests.scale.cluster import Size, cluster, wait_until

pytestmark = [pytest.mark.slow, pytest.mark.e2e, pytest.mark.timeout(900)]

STALLED_AFTER_SECONDS = 6.0
SIZE = Size(summons=1, repositories=1, workers=2, concurrency=1)
ENDS = ("run_fenced", "run_ended", "run_crashed", "step_crashed")


async def test_a_paused_worker_whose_run_was_taken_over_stops_quietly(
    tmp_path: Path, database_url: str,
):
    # Three processes: the suite's server (a fresh copy of the migrated template) takes their
    # connections; the scale test's five get a server of their own (external_postgres).
    async with cluster(tmp_path, database_url, SIZE, grace_seconds=10.0,
                       stalled_after_seconds=STALLED_AFTER_SECONDS) as smith:
        web = smith.start_web()
        first = smith.start_worker("worker-a")
        thinking = smith.model.hold("worker-a", "submit_implementation")
        await smith.wait_ready([web, first], timeout=180)
        await smith.summon_all()
        [(repo, issue)] = smith.issues

        async def arrived() -> bool:
            return thinking.arrived.is_set()
        await wait_until(arrived, 240, what="the first worker in IMPLEMENT", cluster=smith)
        first.stop(signal.SIGSTOP)  # alive, holding its job, silent
        second = smith.start_worker("worker-b")
        await smith.wait_ready([second], timeout=180)

        async def run_over() -> bool:
            return await smith.finished_runs() == 1
        await wait_until(run_over, 300, what="the second worker finishing the run",
                         cluster=smith)

        first.stop(signal.SIGCONT)
        thinking.released.set()  # the answer it waited for: it goes on where it was

        async def first_done() -> bool:  # fenced, or (without a lease) ended or crashed
            text = first.log.read_text(errors="replace")
            return any(word in text for word in ENDS)
        await wait_until(first_done, 120, what="the first worker done with its run",
                         cluster=smith)

        async def settled() -> bool:  # the first one's job is finished too
            jobs = await smith.job_statuses()
            return jobs == {"succeeded": 1} and "job_taken_over" in first.log.read_text(
                errors="replace")
        await wait_until(settled, 60, what="the job finished once", cluster=smith)

        runs = await smith.query("SELECT id, status, outcome, reason, lease FROM runs")
        steps = await smith.query("SELECT name, status FROM steps ORDER BY id")
        pulls = list(smith.github.state.pulls.values())
        comments = [c.body for c in smith.github.comments_on(repo, issue)]
        labels = smith.github.labels_of(repo, issue)
        first_log = first.log.read_text(errors="replace")
        logs = first_log + second.log.read_text(errors="replace")
        tails = smith.tails()

    [(_, status, outcome, reason, lease)] = runs
    assert (status, outcome) == ("succeeded", "change_request"), (reason, steps, tails)
    assert lease == 2  # two executors claimed it, the second one's token won
    assert len(pulls) == 1
    assert steps.count(("publish", "passed")) == 1, steps
    # The first executor's IMPLEMENT was closed as interrupted by the second's claim, and
    # nothing it did after waking was recorded.
    assert ("implement", "environment") in steps, steps
    assert not any("internal" in body.lower() for body in comments), comments
    assert "smith:failed" not in labels
    assert "uq_trajectory_run_seq" not in logs and "UniqueViolation" not in logs
    assert "run_crashed" not in logs and "step_crashed" not in logs
    assert "run_fenced" in first_log  # it knew why it stopped
    # ... and left the job to the worker that had taken it over, instead of finishing it again
    # ("not in doing status") or marking it done while the other still ran it.
    assert "job_taken_over" in first_log
    assert "Task exception was never retrieved" not in logs

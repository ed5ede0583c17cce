"""Events are not stuck behind runs (#31 item 5): with the only run slot held by a run waiting at
the model, a burst of summons for one issue makes one queued run (the rest merged into it), a
`/smith cancel` cancels that run and a refused summons is answered, each within seconds; then the
held run and the other issue's run still end with one pull request each.

Events are on their own queue, taken by each worker's reserved event slots
(`SMITH_EVENT_CONCURRENCY`); runs and periodic work keep the run slots
(`SMITH_WORKER_CONCURRENCY`)."""

from __future__ import annotations

import asyncio
import signal
import time
from pathlib import Path

import pytest

from tests.scale.cluster import LABEL, Cluster, Size, cluster, wait_until

pytestmark = [pytest.mark.slow, pytest.mark.e2e, pytest.mark.timeout(600)]

SIZE = Size(summons=4, repositories=4, workers=1, concurrency=1)
ANSWERED_WITHIN = 15.0  # seconds: a 2-core machine running other suites beside this one


async def _runs_of(smith: Cluster, repo: str) -> list[tuple[int, str]]:
    return [(run_id, status) for run_id, status in await smith.query(
        "SELECT id, status FROM runs WHERE repo = %s ORDER BY id", repo)]


async def _events_waiting(smith: Cluster) -> int:
    [(count,)] = await smith.query(
        "SELECT count(*) FROM procrastinate_jobs WHERE task_name = 'smith.handle_event' "
        "AND status IN ('todo', 'doing')")
    return int(count)


async def test_commands_cancels_and_refusals_are_answered_while_runs_hold_the_workers(
    open_root: Path, database_url: str,
):
    # Nothing here stops the database: the suite's server (a fresh copy of the migrated
    # template) serves the two processes, not a server of its own started for them.
    async with cluster(open_root / "cluster", database_url, SIZE) as smith:
        web = smith.start_web()
        worker = smith.start_worker("worker-0", concurrency=1)
        await smith.wait_ready([web, worker], timeout=180)
        (held_repo, held), (burst_repo, burst), (later_repo, later), (refused_repo, refused) = \
            smith.issues

        # The only run slot: issue 1's run, waiting at the model in IMPLEMENT.
        thinking = smith.model.hold(worker.name, "submit_implementation")
        await smith.github.label_issue(held_repo, held, LABEL, actor="maintainer")
        await wait_until(lambda: _set(thinking.arrived), 240, what="issue 1 in IMPLEMENT",
                         cluster=smith)

        # A burst of summons for issue 2, one for issue 3, one by a reader for issue 4.
        started = time.monotonic()
        await asyncio.gather(*(smith.github.label_issue(burst_repo, burst, LABEL,
                                                        actor="maintainer") for _ in range(3)))
        await smith.github.label_issue(later_repo, later, LABEL, actor="maintainer")
        await smith.github.label_issue(refused_repo, refused, LABEL, actor="reader")

        async def handled() -> bool:
            return await _events_waiting(smith) == 0
        await wait_until(handled, ANSWERED_WITHIN, what="the events handled", cluster=smith)
        assert [status for _, status in await _runs_of(smith, burst_repo)] == ["queued"]
        assert [status for _, status in await _runs_of(smith, later_repo)] == ["queued"]
        assert await _runs_of(smith, refused_repo) == []
        assert any("only users with" in c.body
                   for c in smith.github.comments_on(refused_repo, refused))

        # /smith cancel of the queued run is answered while the run slot is still held.
        [(burst_run, _)] = await _runs_of(smith, burst_repo)
        await smith.github.comment(burst_repo, burst, "/smith cancel", actor="maintainer")

        async def cancelled() -> bool:
            return await _runs_of(smith, burst_repo) == [(burst_run, "cancelled")] and any(
                f"Run #{burst_run} is cancelled" in c.body
                for c in smith.github.comments_on(burst_repo, burst))
        await wait_until(cancelled, ANSWERED_WITHIN, what="the cancel answered", cluster=smith)
        answered_in = time.monotonic() - started
        assert not thinking.released.is_set()  # the run slot was held all along

        thinking.released.set()

        async def finished() -> bool:
            return [status for _, status in await _runs_of(smith, held_repo)] == ["succeeded"] \
                and [status for _, status in await _runs_of(smith, later_repo)] == ["succeeded"]
        await wait_until(finished, 300, what="the held and the later run", cluster=smith)
        pulls = sorted(p.repo for p in smith.github.state.pulls.values())
        assert pulls == sorted([held_repo, later_repo])

        worker.stop(signal.SIGTERM)
        web.stop(signal.SIGTERM)
        assert await worker.exited(timeout=60) == 0, worker.tail()
        assert await web.exited(timeout=30) == 0, web.tail()
    print(f"\nevents beside a held run: summons, refusal and cancel answered in "
          f"{answered_in:.1f} s")


async def _set(event: asyncio.Event) -> bool:
    return event.is_set()

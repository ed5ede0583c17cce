"""A job is finished or retried only by the worker that holds it (bot/store/own_jobs.py): the
late worker of a rescued job leaves it to its rescuer, on the real procrastinate schema."""

from __future__ import annotations

from procrastinate.jobs import Status

from bot.runtime import build_job_app
from bot.store.db import Database
from bot.store.queue import QUEUE, RUN_CHAIN, defer_in_transaction


async def _status(app, job_id: int) -> str:  # noqa: ANN001 - a procrastinate App
    row = await app.connector.execute_query_one_async(
        "SELECT status::text AS status FROM procrastinate_jobs WHERE id = %(id)s", id=job_id)
    return str(row["status"])


async def test_the_late_worker_leaves_a_rescued_job_to_its_rescuer(database: Database):
    async with database.transaction() as session:
        job_id = await defer_in_transaction(session, RUN_CHAIN, {"run_id": 1})
    app = build_job_app(database.url)
    async with app.open_async():
        manager = app.job_manager
        late, rescuer = await manager.register_worker(), await manager.register_worker()
        taken = await manager.fetch_job([QUEUE], late)
        assert taken is not None and taken.id == job_id and taken.worker_id == late

        # The rescue: another worker's look at the late one's job hands it back to the queue.
        await manager.retry_job(taken)
        assert await _status(app, job_id) == "todo"
        again = await manager.fetch_job([QUEUE], rescuer)
        assert again is not None and again.id == job_id and again.worker_id == rescuer

        # The late worker wakes and finishes "its" job, or asks for a retry: nothing changes.
        await manager.finish_job(taken, status=Status.SUCCEEDED, delete_job=False)
        await manager.retry_job(taken)
        assert await _status(app, job_id) == "doing"

        # The rescuer's finish is the one that counts.
        await manager.finish_job(again, status=Status.SUCCEEDED, delete_job=False)
        assert await _status(app, job_id) == "succeeded"

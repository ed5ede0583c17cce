"""A job rescued from a silent worker is announced to the listening workers, as a new job is.

procrastinate notifies only when a job is inserted; a retried job would wait for the workers'
next poll. The rescue sends the insert trigger's notification, on its channels, for the job."""

from __future__ import annotations

import json

import psycopg
from procrastinate.manager import get_channel_for_queues

from bot.jobs import retry_stalled_jobs
from bot.runtime import build_job_app
from bot.store.db import Database
from bot.store.queue import QUEUE, RUN_CHAIN, defer_in_transaction


async def test_a_rescued_job_is_announced_to_the_workers_listening_on_its_queue(
    database: Database, database_url: str,
):
    async with database.transaction() as session:
        job_id = await defer_in_transaction(session, RUN_CHAIN, {"run_id": 1})
    with psycopg.connect(database_url, autocommit=True) as conn:
        [(silent,)] = conn.execute(
            "INSERT INTO procrastinate_workers (last_heartbeat) "
            "VALUES (now() - interval '1 hour') RETURNING id").fetchall()
        conn.execute("UPDATE procrastinate_jobs SET status = 'doing', worker_id = %s "
                     "WHERE id = %s", (silent, job_id))
    [channel] = get_channel_for_queues([QUEUE])
    async with await psycopg.AsyncConnection.connect(database_url, autocommit=True) as listener:
        await listener.execute(f'LISTEN "{channel}"')
        app = build_job_app(database_url)
        async with app.open_async():
            assert await retry_stalled_jobs(app, seconds_since_heartbeat=60) == 1
        notices = [notice async for notice in listener.notifies(timeout=10, stop_after=1)]
    assert [json.loads(notice.payload) for notice in notices] == [
        {"type": "job_inserted", "job_id": job_id}]
    with psycopg.connect(database_url) as conn:
        assert conn.execute("SELECT status::text FROM procrastinate_jobs WHERE id = %s",
                            (job_id,)).fetchall() == [("todo",)]

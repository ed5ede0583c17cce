"""A job is finished or retried only by the worker that still holds it (issue 31).

A worker whose heartbeat lagged has its job handed to another worker while it still runs it.
The run itself is fenced by its lease (bot/store/lease.py), but procrastinate then finishes
the job for both: the late worker's `finish_job` marked the job `succeeded` while the rescuer
still ran it (so a rescuer that died after that left its run with no job to rescue), or raised
"not in doing status" once the rescuer had finished it. Here the finish and the retry are one
statement that acts only on a job still `doing` for this worker (or for no worker: its row was
pruned and nobody took the job yet); a job taken over is left to its new worker.
"""

from __future__ import annotations

import datetime
from typing import LiteralString

import structlog
from procrastinate import jobs as jobs_module
from procrastinate import manager, utils

log = structlog.get_logger(__name__)

_STILL_OURS: LiteralString = (
    "FROM procrastinate_jobs WHERE id = %(job_id)s AND status = 'doing' "
    "AND (worker_id IS NULL OR worker_id = %(worker_id)s)"
)
_FINISH: LiteralString = (
    "SELECT procrastinate_finish_job_v1(%(job_id)s, %(status)s, %(delete_job)s) " + _STILL_OURS
)
_RETRY: LiteralString = (
    "SELECT procrastinate_retry_job_v2(%(job_id)s, %(retry_at)s, %(new_priority)s, "
    "%(new_queue_name)s, %(new_lock)s) " + _STILL_OURS
)


class OwnJobsManager(manager.JobManager):
    """procrastinate's JobManager whose workers finish and retry only the jobs they hold."""

    async def finish_job(self, job: jobs_module.Job, status: jobs_module.Status,
                         delete_job: bool) -> None:
        assert job.id is not None
        rows = await self.connector.execute_query_all_async(
            _FINISH, job_id=job.id, status=status.value, delete_job=delete_job,
            worker_id=job.worker_id)
        if not rows:
            log.warning("job_taken_over", job=job.id, task=job.task_name, wanted=status.value)

    async def retry_job(self, job: jobs_module.Job, retry_at: datetime.datetime | None = None,
                        priority: int | None = None, queue: str | None = None,
                        lock: str | None = None) -> None:
        assert job.id is not None
        rows = await self.connector.execute_query_all_async(
            _RETRY, job_id=job.id, retry_at=retry_at or utils.utcnow(), new_priority=priority,
            new_queue_name=queue, new_lock=lock, worker_id=job.worker_id)
        if not rows:
            log.warning("job_taken_over", job=job.id, task=job.task_name, wanted="retry")

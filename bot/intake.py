"""Recording webhook deliveries with their jobs, many per statement (group commit).

Every accepted delivery must be durable — recorded together with its `handle_event` job —
before Smith answers 202, because the forge will not send it again. Doing that one statement
per request makes Postgres the bottleneck under a burst (a CI run relabelling a hundred
issues). So requests hand their delivery to a recorder that writes whatever is waiting in ONE
atomic statement: at low load a batch has one delivery and no delay is added; under load the
batch grows while the previous one is being written.
"""

from __future__ import annotations

import asyncio
from dataclasses import dataclass

import structlog

from bot.store.db import Database, DatabaseUnavailable
from bot.store.deliveries import record_deliveries_with_jobs

log = structlog.get_logger(__name__)

MAX_BATCH = 200
MAX_WRITERS = 2
DEFAULT_DEADLINE_SECONDS = 5.0


class RecordingTimedOut(DatabaseUnavailable):
    """The database did not record the delivery in time. The write may still land later; a
    redelivery of the same id is then answered as a duplicate, so nothing runs twice."""


@dataclass(frozen=True)
class DeliveryRecord:
    forge: str
    delivery_id: str
    event_name: str
    action: str | None
    repo: str | None
    kind: str
    event_json: str  # serialised once, by pydantic, in the request
    trace: str | None = None
    """The webhook's span as a W3C traceparent, for the job (None: tracing is off)."""

    @property
    def key(self) -> tuple[str, str]:
        return (self.forge, self.delivery_id)


class DeliveryRecorder:
    """`await record(delivery)` → True if newly queued, False if this delivery id was seen.

    Raises `DatabaseUnavailable` (from `Database.autocommit`) when the write failed: nothing of
    that batch was stored, and the forge will be told 503 and retry.
    """

    def __init__(
        self,
        db: Database,
        *,
        max_batch: int = MAX_BATCH,
        max_writers: int = MAX_WRITERS,
        deadline_seconds: float = DEFAULT_DEADLINE_SECONDS,
    ) -> None:
        self.db = db
        self.deadline_seconds = deadline_seconds
        self.max_batch = max_batch
        self.max_writers = max_writers
        self._waiting: list[tuple[DeliveryRecord, asyncio.Future[bool]]] = []
        self._writers: set[asyncio.Task[None]] = set()

    async def record(self, delivery: DeliveryRecord) -> bool:
        future: asyncio.Future[bool] = asyncio.get_running_loop().create_future()
        self._waiting.append((delivery, future))
        if len(self._writers) < self.max_writers:
            # A second writer overlaps its batch with the one in flight, so a delivery that
            # just missed a batch does not wait for it to commit first.
            writer = asyncio.create_task(self._write_while_waiting())
            self._writers.add(writer)
            writer.add_done_callback(self._writers.discard)
        try:
            # shield: the batch goes on for the other waiters when this request gives up.
            return await asyncio.wait_for(asyncio.shield(future), self.deadline_seconds)
        except TimeoutError:
            future.cancel()  # the writer skips answering a request that is gone
            raise RecordingTimedOut(
                f"delivery not recorded within {self.deadline_seconds:g} s"
            ) from None

    async def _write_while_waiting(self) -> None:
        while self._waiting:
            batch, self._waiting = self._waiting[: self.max_batch], self._waiting[self.max_batch:]
            try:
                # A stalled statement may not hold the writer forever: its waiters have been
                # answered 503 long before this, and new deliveries need a free writer.
                async with asyncio.timeout(self.deadline_seconds * 2):
                    await self._write(batch)
            except Exception as exc:  # every waiter must hear about the failure
                if isinstance(exc, TimeoutError):
                    exc = RecordingTimedOut("the database did not finish recording the batch")
                for _, future in batch:
                    if not future.done():
                        future.set_exception(exc)

    async def _write(self, batch: list[tuple[DeliveryRecord, asyncio.Future[bool]]]) -> None:
        first: dict[tuple[str, str], DeliveryRecord] = {}
        for delivery, _ in batch:
            first.setdefault(delivery.key, delivery)
        unique = list(first.values())
        rows = [
            {"n": n, "forge": d.forge, "delivery_id": d.delivery_id, "event_name": d.event_name,
             "action": d.action, "repo": d.repo, "kind": d.kind, "trace": d.trace}
            for n, d in enumerate(unique)
        ]
        async with self.db.autocommit() as conn:
            inserted = await record_deliveries_with_jobs(
                conn, rows, [d.event_json for d in unique])
        claimed: set[tuple[str, str]] = set()
        for delivery, future in batch:
            # Of several copies in one batch only the first may count as new.
            is_new = delivery.key in inserted and delivery.key not in claimed
            claimed.add(delivery.key)
            if not future.done():
                future.set_result(is_new)
        if len(batch) > 1:
            log.debug("deliveries_recorded", batch=len(batch), new=len(inserted))

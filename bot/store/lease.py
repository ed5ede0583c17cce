"""The run lease: one executor writes a run at a time, whatever the timing (issue 31).

A worker whose heartbeat lagged past the stall window (CPU starvation, a paused process, a
database restart) has its job handed to another worker while it still runs it. So every
executor of a run claims it first: the claim raises `runs.lease` by one, and the new number is
that executor's fencing token. Every write that matters carries the token and is refused when
the run's lease has moved on, in the same statement: an UPDATE of the run adds `lease = token`
to its WHERE, an INSERT selects its values from the run row `FOR SHARE` where the lease is the
token (so a claim waits for that transaction and the next executor reads what it wrote), an
UPDATE of a step row asks `EXISTS` of the same. A refused write raises `LeaseLost`; the engine
then stops that executor without a word (bot/engine/walk.py). Forge writes and pushes are not
SQL: the engine asks `check_lease` right before each one (bot/engine/fencing.py).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from sqlalchemy import ColumnElement, Table, exists, insert, literal, select, update
from sqlalchemy.ext.asyncio import AsyncSession
from sqlalchemy.orm import DeclarativeBase

from bot.store.models import Run


class LeaseLost(Exception):
    """Another executor claimed the run after this one: this one must stop, quietly."""

    def __init__(self, lease: "Lease", what: str) -> None:
        super().__init__(f"run {lease.run_id}: lease {lease.token} lost before {what}")
        self.lease = lease
        self.what = what


@dataclass(frozen=True)
class Lease:
    """One executor's claim on a run: the run and the token it got."""

    run_id: int
    token: int


def holds(lease: Lease) -> ColumnElement[bool]:
    """A condition true while `lease` is the run's current one (for a WHERE of other tables)."""
    return exists().where(Run.id == lease.run_id, Run.lease == lease.token)


async def claim_run(session: AsyncSession, run_id: int) -> Lease:
    """Raise the run's lease and return the new token (the caller holds the row locked)."""
    token = (await session.execute(
        update(Run).where(Run.id == run_id).values(lease=Run.lease + 1).returning(Run.lease)
        .execution_options(synchronize_session=False)
    )).scalar_one()
    return Lease(run_id, int(token))


async def check_lease(session: AsyncSession, lease: Lease, what: str) -> None:
    """Raise `LeaseLost` unless `lease` is current. The row stays share-locked until the
    transaction ends, so no claim passes between this check and what the transaction does."""
    found = (await session.execute(
        select(Run.id).where(Run.id == lease.run_id, Run.lease == lease.token)
        .with_for_update(read=True)
    )).scalar_one_or_none()
    if found is None:
        raise LeaseLost(lease, what)


async def update_run_fenced(session: AsyncSession, lease: Lease, what: str,
                            **values: Any) -> None:
    """Set columns of the run if `lease` is still its lease (one statement), else raise."""
    statement = (update(Run).where(Run.id == lease.run_id, Run.lease == lease.token)
                 .values(**values).returning(Run.id)
                 .execution_options(synchronize_session=False))
    if (await session.execute(statement)).scalar_one_or_none() is None:
        raise LeaseLost(lease, what)


async def insert_fenced(session: AsyncSession, model: type[DeclarativeBase], lease: Lease,
                        what: str, values: dict[str, Any]) -> int:
    """INSERT one row of `model` whose values come from a SELECT of the run row `FOR SHARE`
    where the lease is `lease`: no row when it moved on (then `LeaseLost`). Returns the id."""
    table = model.__table__
    assert isinstance(table, Table)
    columns = list(values)
    source = (select(*(literal(values[name], type_=table.c[name].type).label(name)
                       for name in columns))
              .select_from(Run.__table__)
              .where(Run.id == lease.run_id, Run.lease == lease.token)
              .with_for_update(read=True, of=Run.__table__))
    statement = insert(table).from_select(columns, source).returning(table.c.id)
    row_id = (await session.execute(statement)).scalar_one_or_none()
    if row_id is None:
        raise LeaseLost(lease, what)
    return int(row_id)

"""A real store and a fake GitHub behind the real adapter, for walking toy graphs."""

from __future__ import annotations

from dataclasses import dataclass

from sqlalchemy import select

from bot.services import Runtime
from bot.store.models import Run, Step
from bot.store.runs import create_run
from tests.fakes.github import FakeGitHub

REPO = "octo/toy"


@dataclass
class World:
    runtime: Runtime
    github: FakeGitHub
    issue: int

    async def new_run(self) -> int:
        async with self.runtime.db.transaction() as session:
            run = await create_run(session, forge="github", repo=REPO, issue=self.issue,
                                   chain="toy", summoned_by="dev")
            return run.id

    async def run(self, run_id: int) -> Run:
        async with self.runtime.db.transaction() as session:
            return await session.get(Run, run_id)

    async def steps(self, run_id: int) -> list[tuple[str, str]]:
        """A run's own step rows (name, status) in order; items' rows: `item_rows`."""
        return [(row.name, row.status) for row in await self.rows(run_id) if row.item is None]

    async def item_rows(self, run_id: int) -> list[tuple[str, str, str]]:
        return [(row.name, row.item, row.status) for row in await self.rows(run_id)
                if row.item is not None]

    async def rows(self, run_id: int) -> list[Step]:
        async with self.runtime.db.transaction() as session:
            return list((await session.execute(select(Step).where(Step.run_id == run_id)
                                               .order_by(Step.id))).scalars())

    def smith_comments(self) -> list[str]:
        return [c.body for c in self.github.state.comments.values() if c.user == "smith-bot"]

"""The world toy graphs walk in: a run store, a forge, a runtime wired to both.

Two of them, with one interface: `memory_world` (the in-memory store of tests/fakes/run_store.py
and the in-memory `FakeForge`: no database, no HTTP; what the engine's tests use in the fast
loop) and `postgres_world` (PostgreSQL and the fake GitHub behind the real adapter: what the
stats and the rules loop read, and the engine's tests that are about the real store itself).
tests/chain/test_run_store.py holds the two stores to the same contract.
"""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from pydantic import SecretStr
from sqlalchemy import text, update

from bot.config import Settings
from bot.engine.graph import Graph
from bot.engine.run_store import PostgresRunStore, RunStore, RunView, StepRow
from bot.engine.walk import RunEngine
from bot.forge.base import ItemRef
from bot.forge.github import GitHubForge
from bot.forge.retry import RetryPolicy
from bot.services import Runtime
from bot.store.db import Database
from bot.store.models import Run
from bot.store.runs import create_run
from tests.fakes.forge import FakeForge
from tests.fakes.github import FakeGitHub
from tests.fakes.run_store import MemoryRunStore

REPO = "octo/toy"
NO_DATABASE = "postgresql://127.0.0.1:9/the-memory-world-has-no-database"
"""The discard port: a walk that still opened a session would fail at once, loudly."""


@dataclass
class World:
    runtime: Runtime
    store: RunStore
    issue: int
    github: FakeGitHub | None = None
    """The PostgreSQL world's forge (over HTTP, through the real adapter)."""
    forge: FakeForge | None = None
    """The memory world's forge."""

    def engine(self, graph: Graph) -> RunEngine:
        return RunEngine(graph, self.runtime, self.store)

    async def new_run(self) -> int:
        if isinstance(self.store, MemoryRunStore):
            return self.store.new_run(repo=REPO, issue=self.issue)
        async with self.runtime.db.transaction() as session:
            run = await create_run(session, forge="github", repo=REPO, issue=self.issue,
                                   chain="toy", summoned_by="dev")
            return run.id

    async def run(self, run_id: int) -> RunView:
        run = await self.store.run(run_id)
        assert run is not None, f"no run {run_id}"
        return run

    async def change(self, run_id: int, **values: Any) -> None:
        """What a handler writes outside the engine: a cancel, an approval."""
        if isinstance(self.store, MemoryRunStore):
            self.store.change(run_id, **values)
            return
        async with self.runtime.db.transaction() as session:
            await session.execute(update(Run).where(Run.id == run_id).values(**values))

    async def steps(self, run_id: int) -> list[tuple[str, str]]:
        """A run's own step rows (name, status) in order; items' rows: `item_rows`."""
        return [(row.name, row.status) for row in await self.rows(run_id) if row.item is None]

    async def item_rows(self, run_id: int) -> list[tuple[str, str | None, str]]:
        return [(row.name, row.item, row.status) for row in await self.rows(run_id)
                if row.item is not None]

    async def rows(self, run_id: int) -> list[StepRow]:
        return await self.store.step_rows(run_id)

    def smith_comments(self) -> list[str]:
        if self.forge is not None:
            return self.forge.smith_comments(REPO, ItemRef("issue", self.issue))
        assert self.github is not None
        return [c.body for c in self.github.state.comments.values() if c.user == "smith-bot"]

    def all_comments(self) -> list[str]:
        """Everything written on the forge's issues, by anyone."""
        if self.forge is not None:
            return self.forge.comments_on(REPO, ItemRef("issue", self.issue))
        assert self.github is not None
        return [c.body for c in self.github.state.comments.values()]

    async def dump(self) -> str:
        """Every row the store holds, as text (a held value must be in none of them)."""
        if isinstance(self.store, MemoryRunStore):
            shared = self.store.shared
            return "\n".join(repr(part) for part in (
                self.store.runs, self.store.rows, self.store.notices, shared.failures,
                shared.trajectory, shared.model_calls, shared.pushes))
        async with self.runtime.db.transaction() as session:
            tables = (await session.execute(text(
                "SELECT table_name FROM information_schema.tables "
                "WHERE table_schema = current_schema() AND table_type = 'BASE TABLE'"))).scalars()
            rows: list[str] = []
            for table in list(tables):
                rows += (await session.execute(text(f'SELECT t::text FROM "{table}" t'))).scalars()
        return "\n".join(rows)

    def labels(self) -> list[str]:
        if self.forge is not None:
            return self.forge.labels_of(REPO, ItemRef("issue", self.issue))
        assert self.github is not None
        return self.github.labels_of(REPO, self.issue)


def _settings(tmp_path: Path) -> Settings:
    return Settings(data_dir=tmp_path, anthropic_api_key=SecretStr("x"))


def memory_world(tmp_path: Path) -> World:
    forge = FakeForge("github")
    forge.add_repo(REPO)
    issue = forge.add_issue(REPO, "toy", author="dev")
    runtime = Runtime(settings=_settings(tmp_path), db=Database(NO_DATABASE),
                      forges={"github": forge})
    return World(runtime, MemoryRunStore(), issue, forge=forge)


@asynccontextmanager
async def postgres_world(tmp_path: Path, database: Database) -> AsyncIterator[World]:
    async with FakeGitHub() as github:
        github.add_repo(REPO)
        issue = github.add_issue(REPO, title="toy")
        forge = GitHubForge(token=github.add_token("smith-bot"), api_url=github.base_url,
                            retry=RetryPolicy(attempts=2, backoff_initial=0.01))
        try:
            yield World(Runtime(settings=_settings(tmp_path), db=database,
                                forges={"github": forge}),
                        PostgresRunStore(database), issue, github=github)
        finally:
            await forge.close()

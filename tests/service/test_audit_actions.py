"""#31 item 6: pushes and change-request actions leave audit rows (the README promised them;
nothing wrote them). The real GitHub and GitLab adapters against the fake forges over HTTP,
wrapped as the runtime wraps them, on a real database."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest
import pytest_asyncio

from bot.audit import AuditedForge, audited_forges, record_push
from bot.forge.base import Forge, RepoRef
from bot.store.audit import list_audit
from bot.store.db import Database
from tests.forge.conftest import ForgeEnv, start_env


@pytest_asyncio.fixture(params=["github", "gitlab"])
async def env(request: pytest.FixtureRequest, tmp_path: Path) -> AsyncIterator[ForgeEnv]:
    fake, forge_env = await start_env(request.param, tmp_path)
    try:
        yield forge_env
    finally:
        await forge_env.forge.close()
        await fake.stop()


async def _rows(db: Database, kind: str) -> list:
    async with db.transaction() as session:
        return list(reversed(await list_audit(session, kind=kind)))


async def test_opening_adopting_and_updating_a_change_request_are_audited(
    env: ForgeEnv, database: Database
) -> None:
    forge: Forge = audited_forges({env.kind: env.forge}, database, actor="smith-bot")[env.kind]
    assert isinstance(forge, AuditedForge) and isinstance(forge, Forge)
    path = r"/pulls$" if env.kind == "github" else r"/merge_requests$"
    env.fake.lose_answer_next(1, method="POST", path=path)  # opened, answer lost: adopted

    opened = await forge.open_change_request(
        env.repo, source_branch="smith/3-fix", target_branch="main", title="Fix #3", body="b")
    await forge.update_change_request(env.repo, opened.number, title="Fix #3: totals")
    await forge.get_change_request(env.repo, opened.number)  # reads are not audited

    rows = [r for r in await _rows(database, "change_request") if r.repo == env.path]
    assert [(r.outcome, r.subject, r.actor) for r in rows] == [
        ("opened", f"change_request {opened.number}", "smith-bot"),
        ("updated", f"change_request {opened.number}", "smith-bot"),
    ]
    assert rows[0].detail["source_branch"] == "smith/3-fix"
    assert rows[0].forge == env.kind


async def test_a_refused_change_request_leaves_no_row(env: ForgeEnv, database: Database) -> None:
    from bot.forge.errors import ForgeError

    forge = AuditedForge(env.forge, database)
    with pytest.raises(ForgeError):
        await forge.open_change_request(
            env.repo, source_branch="smith/4-fix", target_branch="main", title="", body="")
    assert [r for r in await _rows(database, "change_request") if r.repo == env.path] == []


async def test_a_push_is_audited(database: Database) -> None:
    repo = RepoRef("github", "octo/audited-push")
    await record_push(database, repo, branch="smith/5-fix", head="abc123", forced=True,
                      actor="smith-bot", run_id=5, lease="")
    rows = [r for r in await _rows(database, "push") if r.repo == repo.full_name]
    assert [(r.outcome, r.subject, r.detail["head"], r.detail["forced"]) for r in rows] == [
        ("pushed", "smith/5-fix", "abc123", True)]

"""Audit rows for what Smith does on a forge: pushes and change-request actions.

`AuditedForge` wraps any Forge: every change request it opens (or adopts, bot/forge/retry.py)
and every update of one writes a `change_request` row at once, after the forge said yes, so
every chain that goes through the runtime's forges is covered without a call in each step.
A push goes through git, not the Forge protocol: the code that pushes calls `record_push`.
An audit row never fails the action it describes (`record` logs instead).
"""

from __future__ import annotations

from typing import Any

from bot.audit.writer import record
from bot.forge.base import ChangeRequest, Forge, RepoRef
from bot.store.audit import AuditEntry
from bot.store.db import Database


class AuditedForge:
    """A Forge that writes an audit row for each change-request action it carries out."""

    def __init__(self, inner: Forge, db: Database, *, actor: str | None = None) -> None:
        self.inner = inner
        self.db = db
        self.actor = actor
        self.name = inner.name

    def __getattr__(self, attribute: str) -> Any:
        return getattr(self.inner, attribute)

    def __repr__(self) -> str:
        return f"AuditedForge({self.inner!r})"

    async def _note(self, repo: RepoRef, outcome: str, change: ChangeRequest) -> None:
        await record(self.db, AuditEntry(
            kind="change_request", outcome=outcome, forge=repo.forge, repo=repo.full_name,
            actor=self.actor, subject=f"change_request {change.number}",
            detail={"url": change.url, "source_branch": change.source_branch,
                    "target_branch": change.target_branch, "title": change.title[:200]},
        ))

    async def open_change_request(
        self, repo: RepoRef, *, source_branch: str, target_branch: str, title: str, body: str
    ) -> ChangeRequest:
        change = await self.inner.open_change_request(
            repo, source_branch=source_branch, target_branch=target_branch, title=title,
            body=body)
        await self._note(repo, "opened", change)
        return change

    async def update_change_request(
        self, repo: RepoRef, number: int, *, title: str | None = None, body: str | None = None
    ) -> ChangeRequest:
        change = await self.inner.update_change_request(repo, number, title=title, body=body)
        await self._note(repo, "updated", change)
        return change


def audited_forges(
    forges: dict[str, Forge], db: Database, *, actor: str | None = None
) -> dict[str, Forge]:
    """Every forge of a runtime, wrapped (the composition root calls this once)."""
    wrapped: dict[str, Forge] = {}
    for name, forge in forges.items():
        wrapped[name] = forge if isinstance(forge, AuditedForge) else \
            AuditedForge(forge, db, actor=actor)
    return wrapped


async def record_push(
    db: Database, repo: RepoRef, *, branch: str, head: str, forced: bool,
    actor: str | None = None, run_id: int | None = None, lease: str | None = None,
) -> None:
    """One `push` row: which branch of which repository now points at `head`."""
    detail: dict[str, Any] = {"head": head, "forced": forced}
    if lease is not None:
        detail["lease"] = lease
    if run_id is not None:
        detail["run_id"] = run_id
    await record(db, AuditEntry(kind="push", outcome="pushed", forge=repo.forge,
                                repo=repo.full_name, actor=actor, subject=branch, detail=detail))

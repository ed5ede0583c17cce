"""`smith audit` reads back what the webhook and the forge actions wrote."""

from __future__ import annotations

import json

import pytest

from bot.audit import record
from bot.store.audit import AuditEntry
from bot.store.db import Database
from tests.service.test_cli import _env, _smith


@pytest.mark.slow  # several `smith` subprocesses on the embedded database
async def test_smith_audit_lists_filters_and_prints_json(database: Database, database_url: str):
    await record(
        database,
        AuditEntry(kind="delivery", outcome="queued", forge="github", repo="octo/a",
                   actor="alice", subject="issue 7", detail={"delivery_id": "d-1"}),
        AuditEntry(kind="push", outcome="pushed", forge="github", repo="octo/a",
                   actor="smith-bot", subject="smith/7-fix", detail={"head": "abc123"}),
        AuditEntry(kind="delivery", outcome="rejected_401", forge="gitlab"),
    )
    env = _env(SMITH_DATABASE_URL=database_url)
    everything = _smith("audit", "--json", env=env)
    assert everything.returncode == 0, everything.stderr
    rows = json.loads(everything.stdout)
    assert [r["outcome"] for r in rows] == ["rejected_401", "pushed", "queued"]  # newest first
    pushes = json.loads(_smith("audit", "--kind", "push", "--json", env=env).stdout)
    assert [(r["actor"], r["detail"]["head"]) for r in pushes] == [("smith-bot", "abc123")]
    by_alice = json.loads(_smith("audit", "--actor", "alice", "--since", "1h", "--json",
                                 env=env).stdout)
    assert [r["subject"] for r in by_alice] == ["issue 7"]
    table = _smith("audit", "--repo", "octo/a", env=env)
    assert table.returncode == 0 and "smith/7-fix" in table.stdout
    bad = _smith("audit", "--since", "yesterday", env=env)
    assert bad.returncode == 2 and "expected an age" in bad.stderr

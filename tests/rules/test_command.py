"""`smith rules` as a user runs it: the real CLI on a test database. One call per test goes
through a real `python -m bot.cli` subprocess (the entry point, its exit code and streams); the
others call the same `main` in this process with the same environment, since each subprocess
spends 2-4 s importing the chains before it parses its arguments."""

from __future__ import annotations

import asyncio
import getpass
import json
import os
import sys
from collections.abc import Awaitable, Callable
from pathlib import Path

import pytest

from bot.store import rules as store
from bot.store.db import Database
from tests.cli_in_process import InProcessCli
from tests.fakes.model import FakeModelServer, Turn

ROOT = Path(__file__).resolve().parents[2]
SUBMIT = "submit_rules_proposal"


def _env(database_url: str, tmp_path: Path, **extra: str) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items()
           if not k.startswith(("SMITH_", "ANTHROPIC_"))}
    env.update(SMITH_DATABASE_URL=database_url, SMITH_DATA_DIR=str(tmp_path / "data"),
               SMITH_CONFIG_FILE=str(tmp_path / "absent.toml"), SMITH_LOG_LEVEL="WARNING",
               COLUMNS="200", **extra)
    return env


@pytest.fixture
def smith(database_url: str, tmp_path: Path, capsys: pytest.CaptureFixture[str],
          monkeypatch: pytest.MonkeyPatch) -> Callable[..., Awaitable[tuple[int, str, str]]]:
    """`smith rules ARGS` in this process (tests/cli_in_process.py), not blocking this loop:
    the fake model lives in it."""
    cli = InProcessCli(capsys, monkeypatch)

    async def run(*args: str, **env: str) -> tuple[int, str, str]:
        result = await cli.run_async(["rules", *args], _env(database_url, tmp_path, **env))
        return result.returncode, result.stdout, result.stderr

    return run


async def smith_process(database_url: str, tmp_path: Path, *args: str,
                        **env: str) -> tuple[int, str, str]:
    """Run `python -m bot.cli rules ...` without blocking the loop (the fake model lives here)."""
    process = await asyncio.create_subprocess_exec(
        sys.executable, "-m", "bot.cli", "rules", *args, cwd=ROOT,
        env=_env(database_url, tmp_path, **env),
        stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.PIPE)
    out, err = await asyncio.wait_for(process.communicate(), timeout=120)
    return process.returncode or 0, out.decode(), err.decode()


async def _seed(database: Database) -> tuple[int, int]:
    async with database.transaction() as s:
        f1 = await store.add_failure(s, forge="github", repo="octo/app", step="brt", kind="red",
                                     evidence="not red on an assertion", change_request_number=3)
        f2 = await store.add_failure(s, forge="github", repo="octo/app", step="brt", kind="red",
                                     evidence="import error, not an assertion")
        proposed = await store.create_proposal(
            s, step="brt", text="Make the reproduction test fail on an assertion.",
            rationale="Two tests errored instead.", evidence_failure_ids=[f1.id, f2.id],
            forge=None, repo=None)
        other = await store.create_proposal(
            s, step="implement", text="Keep the fix small [x].", rationale="r",
            evidence_failure_ids=[], forge="github", repo="octo/other")
        await store.approve_rule(s, other.id, decided_by="boss")
    return proposed.id, other.id


@pytest.mark.slow  # a `smith` subprocess and eight commands on the embedded database
async def test_list_show_approve_and_clear_errors(database: Database, database_url: str,
                                                  tmp_path: Path, smith):
    proposed, other = await _seed(database)

    code, out, err = await smith_process(database_url, tmp_path, "list", "--json")
    assert code == 0, err
    assert [(r["id"], r["status"], r["repo"]) for r in json.loads(out)] == [
        (proposed, "proposed", None), (other, "approved", "octo/other")]
    code, out, err = await smith("list", "--status", "proposed", "--repo", "octo/app",
                                 "--json")
    assert code == 0, err
    assert [r["id"] for r in json.loads(out)] == [proposed]

    code, out, err = await smith("approve", str(proposed))
    assert code == 0, err
    assert f"rule {proposed} is approved" in out
    async with database.transaction() as s:
        rule = await store.get_rule(s, proposed)
        assert (rule.status, rule.repo) == ("approved", None)  # global from the shell
        assert rule.decided_by == f"shell:{getpass.getuser()}"
        assert await store.active_rules(s, forge="gitlab", repo="any/where", step="brt") == [
            "Make the reproduction test fail on an assertion."]

    code, out, err = await smith("show", str(proposed), "--json")
    assert code == 0, err
    shown = json.loads(out)
    assert [e["evidence"] for e in shown["evidence"]] == [
        "not red on an assertion", "import error, not an assertion"]

    code, out, err = await smith("show", str(proposed))
    assert code == 0, err
    assert "Make the reproduction test fail on an assertion." in out
    assert "failure" in out and "import error, not an assertion" in out
    code, out, err = await smith("list")
    assert code == 0, err
    assert "[x]" in out and "not posted" in out  # model text is shown, not read as markup

    code, out, err = await smith("approve", "999")
    assert code == 1 and "no rule with id 999" in err and "Traceback" not in err
    code, out, err = await smith("reject", str(other))
    assert code == 1 and "is approved; it cannot become rejected" in err
    assert "Traceback" not in err
    code, out, err = await smith("retire", str(other))
    assert code == 0 and f"rule {other} is retired" in out


@pytest.mark.slow  # a `smith` subprocess and a mining pass on the embedded database
async def test_mine_from_the_shell_stores_a_proposal_and_says_it_stays_unposted(
    database: Database, database_url: str, tmp_path: Path, smith,
):
    async with database.transaction() as s:
        ids = [(await store.add_failure(s, forge="github", repo="octo/app", step="judge",
                                        kind="judge_rejected", evidence=f"crash site only {n}")).id
               for n in range(2)]
    code, out, err = await smith_process(database_url, tmp_path, "mine")
    assert code == 1 and "ANTHROPIC_API_KEY" in err and "Traceback" not in err

    async with FakeModelServer() as model:
        model.script(SUBMIT, Turn.submit(SUBMIT, {"proposals": [{
            "step": "judge", "rule": "Reject a diagnosis that names only the crash site.",
            "evidence_failure_ids": ids, "rationale": "Both diagnoses stopped at the crash."}]}))
        code, out, err = await smith("mine", "--repo", "octo/app", ANTHROPIC_API_KEY="test-key",
                                     ANTHROPIC_BASE_URL=model.base_url)
    assert code == 0, err
    assert "new proposals: #1" in out
    assert "kept unposted: rule #1: no change request among its evidence" in out
    async with database.transaction() as s:
        [rule] = await store.list_rules(s)
    assert (rule.step, rule.status, rule.evidence_failure_ids) == ("judge", "proposed", ids)

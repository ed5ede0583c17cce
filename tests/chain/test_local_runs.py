"""Local runs between shells (bot/kit/local_runs.py, bot/forge/local.py): what a paused local
run keeps so that `smith runs approve|retry` can walk it on, what it tells the person at the
shell, and that an interrupted foreground run does not stay "running" forever."""

from __future__ import annotations

import asyncio
import io
import subprocess
from pathlib import Path

import pytest
from rich.console import Console

from bot.chains.fix.artifacts import Acceptance, Estimate
from bot.chains.fix.comments import render_acceptance_blocked, render_estimate_gate
from bot.forge.local import LocalForge, local_forge_of, local_params, read_issue_file, retry_params
from bot.kit.local_runs import keep_said, next_steps
from bot.services import Runtime
from bot.store.db import Database
from bot.store.runs import create_run, get_run


def _repo(tmp_path: Path) -> Path:
    repo = tmp_path / "project"
    subprocess.run(["git", "init", "-q", str(repo)], check=True)
    return repo


def test_a_local_run_is_rebuilt_from_its_params_with_what_it_said(tmp_path: Path):
    repo = _repo(tmp_path)
    report = tmp_path / "bug.md"
    report.write_text("# Totals are wrong\n\naverage([2, 4]) gives 6\n")
    forge = LocalForge(repo, read_issue_file(report, author="ann"))
    params = local_params(repo, forge.issue, issue_file=report)
    assert "average" not in str(params)  # a report file is read again, never stored
    forge.comments.append("### Smith is waiting for approval")
    forge.labels.append("smith:awaiting-approval")
    params["local"]["said"] = forge.said()

    report.write_text("# Totals are wrong\n\naverage([2, 4]) gives 6; it should be 3\n")
    again = local_forge_of(params)
    assert again.repo_path == repo.resolve() and again.issue.author == "ann"
    assert again.issue.body.endswith("it should be 3")  # the edited report is the answer
    assert again.comments == forge.comments and again.labels == forge.labels
    retried = local_forge_of(retry_params(params))  # a retry starts with nothing said
    assert retried.comments == [] and retried.labels == []


def test_a_made_up_report_and_the_chains_seed_are_kept_for_a_retry(tmp_path: Path):
    repo = _repo(tmp_path)
    issue = LocalForge(repo, read_issue_file(_file(tmp_path, "# Tests for a.py\n"))).issue
    seed = {"test_targets": ["a.py"], "tests_task": "targets"}
    params = local_params(repo, issue, seed=seed)
    assert params["test_targets"] == ["a.py"]
    again = retry_params({**params, "attempts": 2, "local": {**params["local"], "said": {}}})
    assert again == params  # the seed and the inputs, not what the run did
    assert local_forge_of(again).issue.title == "Tests for a.py"


def _file(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "task.md"
    path.write_text(text)
    return path


@pytest.mark.parametrize("params, says", [
    (None, "older Smith"),
    ({"local": {"repo": "/nowhere/at/all"}}, "no longer a git repository"),
])
def test_a_run_that_cannot_be_rebuilt_says_why(params, says):
    with pytest.raises(ValueError, match=says):
        local_forge_of(params)


def test_a_missing_report_file_is_a_clear_error(tmp_path: Path):
    repo = _repo(tmp_path)
    report = _file(tmp_path, "# Bug\n\nbody\n")
    params = local_params(repo, read_issue_file(report), issue_file=report)
    report.unlink()
    with pytest.raises(ValueError, match="cannot read the issue file"):
        local_forge_of(params)


def test_the_shell_is_told_the_command_that_goes_on():
    local = {"id": 7, "forge": "local", "status": "paused", "outcome": "awaiting_approval"}
    [line] = next_steps(local)
    assert "`smith runs approve 7`" in line and "`smith runs cancel 7`" in line
    assert "/smith" not in line
    [asked] = next_steps({**local, "outcome": "needs_info"})
    assert "issue file" in asked and "`smith runs retry 7`" in asked
    [forge] = next_steps({**local, "forge": "github"})
    assert "`/smith approve`" in forge and "`smith runs approve 7`" in forge
    assert next_steps({**local, "status": "failed"}) == ["`smith runs retry 7` starts it again."]
    assert next_steps({**local, "status": "succeeded"}) == []


def test_a_local_runs_gate_and_question_name_the_shell_commands():
    estimate = Estimate(points=3, signs=["public API"], blast_radius="medium",
                        blast_evidence=["assumed"], why_not_lower="callers")
    gate = render_estimate_gate(12, estimate, gate_points=2, local=True)
    assert "`smith runs approve 12` in a shell to continue" in gate
    assert "`smith runs cancel 12`" in gate and "/smith" not in gate
    assert "`/smith approve`" in render_estimate_gate(12, estimate, gate_points=2)
    blocked = Acceptance(status="blocked", questions=["Which value?"])
    asked = render_acceptance_blocked(12, blocked, waits=True, local=True)
    assert "`smith runs retry 12`" in asked and "issue file" in asked and "/smith" not in asked


async def test_what_a_paused_local_run_said_is_kept_with_it(tmp_path: Path, database: Database):
    repo = _repo(tmp_path)
    report = _file(tmp_path, "# Bug\n\nbody\n")
    forge = LocalForge(repo, read_issue_file(report))
    async with database.transaction() as session:
        run = await create_run(session, forge="local", repo="local/project", issue=1,
                               chain="fix", summoned_by="shell:ann",
                               params=local_params(repo, forge.issue, issue_file=report))
        assert run is not None
        run_id = run.id
    forge.comments.append("waiting")
    runtime = Runtime(settings=None, db=database)  # type: ignore[arg-type]
    await keep_said(runtime, {"id": run_id, "forge": "local", "status": "paused"}, forge)
    await keep_said(runtime, {"id": run_id, "forge": "local", "status": "succeeded"},
                    LocalForge(repo, forge.issue, comments=["not kept: the run is over"]))
    async with database.transaction() as session:
        stored = await get_run(session, run_id)
        assert stored is not None
        assert local_forge_of(stored.params).comments == ["waiting"]


async def test_an_interrupted_foreground_run_is_cancelled(tmp_path: Path, database: Database):
    """Ctrl-C in `smith fix`: no worker would ever walk the run on, and while it stayed
    "running" its issue could get no other run."""
    from bot.engine.walk import RetryLater
    from bot.kit.foreground import run_in_foreground

    async with database.transaction() as session:
        run = await create_run(session, forge="local", repo="local/project", issue=1,
                               chain="fix", summoned_by="shell:ann")
        assert run is not None
        run_id = run.id
    started = asyncio.Event()

    async def walking(run_id: int, runtime: Runtime) -> None:
        async with runtime.db.transaction() as session:
            stored = await get_run(session, run_id)
            assert stored is not None
            stored.status = "running"
        started.set()
        await asyncio.sleep(3600)

    runtime = Runtime(settings=None, db=database)  # type: ignore[arg-type]
    task = asyncio.create_task(run_in_foreground(
        runtime, run_id, ("prepare",), Console(file=io.StringIO()), walking, RetryLater))
    await asyncio.wait_for(started.wait(), 10)
    task.cancel()
    with pytest.raises(asyncio.CancelledError):
        await task
    async with database.transaction() as session:
        stored = await get_run(session, run_id)
        assert stored is not None
        assert (stored.status, stored.reason) == ("cancelled", "interrupted in the shell")

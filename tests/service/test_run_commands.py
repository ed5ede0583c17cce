"""`smith runs approve|cancel|retry` on forge runs: what the comment command does, from the shell.

The shell's action goes through the comment command's own path (handlers/commands.py
`act_on_run`), on the real handlers' stack (Postgres, fake GitHub and GitLab over HTTP, the
stand-in chain of tests/chain_stub.py), so these compare the two: the run's state, the labels,
what is said on the issue, and the audit row each leaves (kind `command`, actor `shell:<login>`).
"""

from __future__ import annotations

import asyncio
import io
import json
import os
import sys
from pathlib import Path

import pytest
from rich.console import Console
from sqlalchemy import select

from bot.cli.runs import act_in_shell
from bot.command_line import CommandError, shell_actor
from bot.store.audit import list_audit
from bot.store.models import Run
from tests.chain_stub import REASON
from tests.service.conftest import Stack

ROOT = Path(__file__).resolve().parents[2]
REPO = "octo/widgets"
PROJECT = "group/widgets"
AWAITING = "smith:awaiting-approval"


async def _runs(stack: Stack) -> list[Run]:
    async with stack.smith.db.transaction() as session:
        return list((await session.execute(select(Run).order_by(Run.id))).scalars())


async def _run(stack: Stack, forge: str, repo: str, issue: int, status: str, **values) -> int:
    async with stack.smith.db.transaction() as session:
        run = Run(forge=forge, repo=repo, issue_number=issue, chain="fix", status=status,
                  params={}, summoned_by="writer", **values)
        session.add(run)
        await session.flush()
        return run.id


async def _shell(stack: Stack, verb: str, run_id: int, reason: str | None = None
                 ) -> tuple[int, dict, str]:
    out = io.StringIO()
    code, outcome = await act_in_shell(
        stack.smith.settings, stack.smith.db, verb, run_id, reason=reason,
        console=Console(file=out, width=200), forges=stack.runtime.forges)
    return code, outcome, out.getvalue()


async def _audit(stack: Stack) -> list:
    async with stack.smith.db.transaction() as session:
        return list(reversed(await list_audit(session, kind="command")))


def _github_said(stack: Stack, issue: int) -> list[str]:
    return [c.body for c in stack.github.comments_on(REPO, issue) if c.user == "smith-bot"]


def _gitlab_said(stack: Stack, issue: int) -> list[str]:
    return [n.body for n in stack.gitlab.notes_on(PROJECT, "Issue", issue)
            if n.author == "smith-bot"]


@pytest.mark.parametrize("forge", ["github", "gitlab"])
async def test_cancel_from_the_shell_does_what_the_comment_command_does(stack: Stack, forge):
    """A paused run: cancelled now, its working labels gone, "cancelled" said on the issue (with
    the reason), and an audit row naming the person at the shell."""
    if forge == "github":
        stack.github.add_repo(REPO)
        issue = stack.github.add_issue(REPO, title="Totals", author="reader",
                                       labels=[AWAITING, "smith:in-progress"])
        repo, said, labels = REPO, _github_said, stack.github.labels_of
    else:
        stack.gitlab.add_project(PROJECT)
        issue = stack.gitlab.add_issue(PROJECT, title="Totals", author="guest",
                                       labels=[AWAITING, "smith:in-progress"])
        repo, said, labels = PROJECT, _gitlab_said, stack.gitlab.labels_of
    run_id = await _run(stack, forge, repo, issue, "paused", outcome="awaiting_approval")

    code, outcome, printed = await _shell(stack, "cancel", run_id, reason="wrong repository")

    assert code == 0 and outcome["outcome"] == "cancelled" and outcome["done"]
    [run] = await _runs(stack)
    assert (run.status, run.outcome) == ("cancelled", "cancelled")
    assert run.reason == f"cancelled by {shell_actor()}"
    assert labels(repo, issue) == []
    [comment] = said(stack, issue)
    assert comment == f"Run #{run_id} is cancelled. Reason: wrong repository"
    assert comment in printed
    [row] = await _audit(stack)
    assert (row.kind, row.outcome, row.forge, row.repo, row.actor, row.subject) == (
        "command", "cancelled", forge, repo, shell_actor(), f"issue #{issue}")
    assert row.detail == {"verb": "cancel", "run": run_id, "new_run": None, "via": "shell",
                          "reason": "wrong repository", "status": "paused"}


async def test_cancel_of_a_running_run_from_the_shell_asks_it_to_stop(stack: Stack):
    stack.github.add_repo(REPO)
    issue = stack.github.add_issue(REPO, title="Totals", author="reader")
    run_id = await _run(stack, "github", REPO, issue, "running")

    code, outcome, _ = await _shell(stack, "cancel", run_id)

    assert (code, outcome["outcome"]) == (0, "cancelling")
    [run] = await _runs(stack)
    assert (run.status, run.cancel_requested) == ("running", True)  # the engine stops it
    assert _github_said(stack, issue) == [
        f"Cancelling run #{run_id}: it stops after the step it is in now."]


async def test_retry_from_the_shell_starts_a_new_run_for_a_worker(stack: Stack):
    stack.github.add_repo(REPO)
    issue = stack.github.add_issue(REPO, title="Totals", author="reader")
    failed = await _run(stack, "github", REPO, issue, "failed", outcome="budget_exhausted")

    code, outcome, printed = await _shell(stack, "retry", failed, reason="flaky sandbox")

    assert code == 0 and outcome["outcome"] == "started"
    new = outcome["new_run"]
    assert new is not None and new != failed
    assert f"Run {new} is queued: a worker" in printed
    await stack.drain()  # the job the retry queued, as `/smith retry` queues it
    runs = await _runs(stack)
    assert [(r.id, r.status) for r in runs] == [(failed, "failed"), (new, "not_implemented")]
    assert runs[1].summoned_by == shell_actor() and runs[1].reason == REASON
    assert _github_said(stack, issue) == [f"Started run #{new}. Reason: flaky sandbox"]
    [row] = await _audit(stack)
    assert (row.outcome, row.actor, row.detail["new_run"]) == ("started", shell_actor(), new)


@pytest.mark.parametrize(("chain", "retried_as"),
                         [("tests", "tests"), ("examples", "examples"), ("rework", "fix"),
                          ("fix", "fix")])
async def test_an_issues_retry_starts_the_chain_its_graph_names(stack: Stack, chain: str,
                                                                 retried_as: str):
    """Test generation retried is test generation again, not a fix; a rework retried on its
    issue is the fix it reworked (the graph's `retried_as`)."""
    stack.github.add_repo(REPO)
    issue = stack.github.add_issue(REPO, title="Totals", author="reader")
    failed = await _run(stack, "github", REPO, issue, "failed", outcome="budget_exhausted")
    async with stack.smith.db.transaction() as session:
        (await session.get(Run, failed)).chain = chain

    code, outcome, _ = await _shell(stack, "retry", failed)

    assert code == 0 and outcome["outcome"] == "started"
    async with stack.smith.db.transaction() as session:
        assert (await session.get(Run, outcome["new_run"])).chain == retried_as


async def test_approve_from_the_shell_requeues_the_paused_run(stack: Stack):
    stack.github.add_repo(REPO)
    issue = stack.github.add_issue(REPO, title="Totals", author="reader")
    run_id = await _run(stack, "github", REPO, issue, "paused", outcome="awaiting_approval")

    code, outcome, _ = await _shell(stack, "approve", run_id)
    assert (code, outcome["outcome"], outcome["reason"]) == (0, "approved", None)
    await stack.drain()

    [run] = await _runs(stack)
    assert run.params["approved_by"] == shell_actor()
    assert run.status == "not_implemented"  # resumed: the job ran the (placeholder) chain
    assert _github_said(stack, issue) == [f"Approved by {shell_actor()}: run #{run_id} goes on."]


async def test_refusals_change_nothing_and_are_audited(stack: Stack):
    stack.github.add_repo(REPO)
    issue = stack.github.add_issue(REPO, title="Totals", author="reader")
    done = await _run(stack, "github", REPO, issue, "succeeded", outcome="change_request")
    other = stack.github.add_issue(REPO, title="Other", author="reader")
    waiting = await _run(stack, "github", REPO, other, "paused", outcome="needs_info")
    third = stack.github.add_issue(REPO, title="Third", author="reader")
    running = await _run(stack, "github", REPO, third, "running")

    refusals = [await _shell(stack, "approve", done), await _shell(stack, "cancel", done),
                await _shell(stack, "approve", waiting), await _shell(stack, "retry", running)]

    assert [(code, o["outcome"], o["done"]) for code, o, _ in refusals] == [
        (1, "not_paused", False), (1, "not_active", False), (1, "not_paused", False),
        (1, "busy", False)]
    assert refusals[0][1]["message"] == (
        f"Run #{done} is not waiting for approval (status: succeeded).")
    assert "waiting for information" in refusals[2][1]["message"]
    assert [r.status for r in await _runs(stack)] == ["succeeded", "paused", "running"]
    assert _github_said(stack, issue) == _github_said(stack, other) == []
    assert [r.outcome for r in await _audit(stack)] == [
        "not_paused", "not_active", "not_paused", "busy"]
    with pytest.raises(CommandError, match="no run with id 999"):
        await _shell(stack, "approve", 999)


async def test_the_comment_commands_leave_the_same_audit_rows(stack: Stack):
    stack.github.add_repo(REPO)
    stack.github.set_permission(REPO, "boss", "maintain")
    issue = stack.github.add_issue(REPO, title="Totals", author="reader")
    run_id = await _run(stack, "github", REPO, issue, "paused", outcome="awaiting_approval")

    await stack.github.comment(REPO, issue, "/smith approve", actor="boss")
    await stack.drain()

    [row] = await _audit(stack)
    assert (row.outcome, row.actor, row.detail["via"], row.detail["run"]) == (
        "approved", "boss", "forge", run_id)
    assert any("Approved by @boss" in body for body in _github_said(stack, issue))


async def test_the_command_line_answers_in_one_line_and_in_json(
        stack: Stack, tmp_path: Path, capsys: pytest.CaptureFixture[str],
        monkeypatch: pytest.MonkeyPatch):
    """The first answer comes from a real `smith runs` subprocess (its exit code and streams);
    the others from `bot.cli.main` in this process (tests/cli_in_process.py), 2 s less each."""
    from tests.cli_in_process import InProcessCli

    stack.github.add_repo(REPO)
    issue = stack.github.add_issue(REPO, title="Totals", author="reader")
    done = await _run(stack, "github", REPO, issue, "succeeded", outcome="change_request")
    env = {k: v for k, v in os.environ.items() if not k.startswith(("SMITH_", "ANTHROPIC_"))}
    env.update(PYTHONPATH=str(ROOT), SMITH_DATABASE_URL=stack.smith.db.url,
               SMITH_DATA_DIR=str(tmp_path), SMITH_LOG_LEVEL="WARNING")

    async def smith(*args: str) -> tuple[int | None, str, str]:
        process = await asyncio.create_subprocess_exec(
            sys.executable, "-m", "bot.cli", "runs", *args, env=env, cwd=ROOT,
            stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.PIPE)
        out, err = await asyncio.wait_for(process.communicate(), timeout=120)
        return process.returncode, out.decode(), err.decode()

    cli = InProcessCli(capsys, monkeypatch)

    async def here(*args: str) -> tuple[int | None, str, str]:
        result = await cli.run_async(["runs", *args], env)
        return result.returncode, result.stdout, result.stderr

    code, out, err = await smith("cancel", "4242", "--reason", "x", "--json")
    assert (code, out, err.strip()) == (1, "", "error: no run with id 4242")
    code, out, err = await here("retry", str(done))
    assert code == 1
    assert err.strip() == f"error: run {done} is on github: no github credentials are set here"
    env.update(SMITH_GITHUB_TOKEN=stack.github.add_token("smith-bot"),
               SMITH_GITHUB_API_URL=stack.github.base_url)
    code, out, err = await here("approve", str(done), "--json")
    assert code == 1 and err.strip() == (
        f"error: Run #{done} is not waiting for approval (status: succeeded).")
    answer = json.loads(out)
    assert (answer["action"], answer["outcome"], answer["done"], answer["run"]) == (
        "approve", "not_paused", False, done)
    assert answer["actor"].startswith("shell:")

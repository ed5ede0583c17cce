"""`smith fix --repo PATH --issue-file FILE`: offline, on a local repository, scripted model."""

from __future__ import annotations

import asyncio
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from tests.e2e import script
from tests.e2e.buggy_repo import ISSUE_BODY, ISSUE_TITLE, make_buggy_repo
from tests.fakes.model import FakeModelServer
from tests.sandboxed import TOOLCHAIN

ROOT = Path(__file__).resolve().parents[2]
pytestmark = pytest.mark.e2e


def _clone_work_tree(bare: Path, target: Path) -> Path:
    subprocess.run(["git", "clone", "-q", str(bare), str(target)], check=True)
    return target


async def test_fix_on_a_local_repository_makes_a_branch_and_a_report(tmp_path, database_url):
    repo = _clone_work_tree(make_buggy_repo(tmp_path / "origin"), tmp_path / "project")
    issue_file = tmp_path / "bug.md"
    issue_file.write_text(f"# {ISSUE_TITLE}\n\n{ISSUE_BODY}\n")
    async with FakeModelServer() as model:
        script.happy_path(model)
        env = {k: v for k, v in os.environ.items() if not k.startswith(("SMITH_", "ANTHROPIC_"))}
        env.update(
            PYTHONPATH=str(ROOT), SMITH_DATABASE_URL=database_url,
            SMITH_DATA_DIR=str(tmp_path / "data"), ANTHROPIC_API_KEY="test-key",
            ANTHROPIC_BASE_URL=model.base_url, SMITH_LLM_RETRY_BASE_DELAY="0.01",
            SMITH_SANDBOX_PATH=TOOLCHAIN,
            SMITH_LOG_LEVEL="WARNING",
            # The access lists name forge repositories: the operator's own local run is not one.
            SMITH_ACCESS__ALLOW='["some-org"]',
        )
        process = await asyncio.create_subprocess_exec(
            sys.executable, "-m", "bot.cli", "fix", "--repo", str(repo), "--issue-file",
            str(issue_file), env=env, cwd=ROOT, stdout=asyncio.subprocess.PIPE,
            stderr=asyncio.subprocess.STDOUT)
        output, _ = await asyncio.wait_for(process.communicate(), timeout=240)
    text = output.decode()
    assert process.returncode == 0, text
    assert "succeeded" in text
    branch = subprocess.run(["git", "-C", str(repo), "branch", "--list", "smith/*",
                             "--format=%(refname:short)"], capture_output=True, text=True,
                            check=True).stdout.split()
    assert len(branch) == 1
    fixed = subprocess.run(["git", "-C", str(repo), "show", f"{branch[0]}:calc.py"],
                           capture_output=True, text=True, check=True).stdout
    assert "sum(values) / len(values)" in fixed
    reports = list((tmp_path / "data" / "reports").glob("run-*.md"))
    assert len(reports) == 1
    report = reports[0].read_text()
    assert ISSUE_TITLE in report and script.RED_TEST_ID in report and branch[0] in report


def test_fix_needs_an_issue_url_or_a_repo_and_a_file(tmp_path):
    env = {k: v for k, v in os.environ.items() if not k.startswith(("SMITH_", "ANTHROPIC_"))}
    env.update(PYTHONPATH=str(ROOT), SMITH_DATA_DIR=str(tmp_path))
    result = subprocess.run([sys.executable, "-m", "bot.cli", "fix", "--repo", str(tmp_path)],
                            env=env, cwd=ROOT, capture_output=True, text=True, timeout=60)
    assert result.returncode == 2
    assert "--issue-file" in result.stderr and "Traceback" not in result.stderr


def _git(repo: Path, *args: str) -> str:
    return subprocess.run(["git", "-C", str(repo), *args], capture_output=True, text=True,
                          check=True).stdout


def _env_for(tmp_path: Path, database_url: str, model_url: str) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("SMITH_", "ANTHROPIC_"))}
    env.update(
        PYTHONPATH=str(ROOT), SMITH_DATABASE_URL=database_url,
        SMITH_DATA_DIR=str(tmp_path / "data"), ANTHROPIC_API_KEY="test-key",
        ANTHROPIC_BASE_URL=model_url, SMITH_LLM_RETRY_BASE_DELAY="0.01",
        SMITH_SANDBOX_PATH=TOOLCHAIN, SMITH_LOG_LEVEL="WARNING",
    )
    return env


async def _smith(env: dict[str, str], *args: str, timeout: float = 240) -> tuple[int, str, str]:
    process = await asyncio.create_subprocess_exec(
        sys.executable, "-m", "bot.cli", *args, env=env, cwd=ROOT,
        stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.PIPE)
    out, err = await asyncio.wait_for(process.communicate(), timeout=timeout)
    assert process.returncode is not None
    return process.returncode, out.decode(), err.decode()


async def test_a_local_run_paused_at_the_gate_goes_on_after_smith_runs_approve(
        tmp_path, database_url, capsys, monkeypatch):
    """`smith fix --repo` stops at the estimate gate and names the shell command (there is no
    forge to reply `/smith approve` on); `smith runs approve N` walks the run on in the
    foreground to its branch, writes the whole report again and leaves an audit row.

    `smith runs approve` is the real subprocess here (`smith fix`'s is the test above); the
    other commands run `bot.cli.main` in this process (tests/cli_in_process.py), 2 s of
    imports less each."""
    import re

    from bot.command_line import shell_actor
    from tests.cli_in_process import InProcessCli

    cli = InProcessCli(capsys, monkeypatch)

    async def here(*args: str) -> tuple[int, str, str]:
        result = await cli.run_async(list(args), env)
        return result.returncode, result.stdout, result.stderr

    repo = _clone_work_tree(make_buggy_repo(tmp_path / "origin"), tmp_path / "project")
    issue_file = tmp_path / "bug.md"
    issue_file.write_text(f"# {ISSUE_TITLE}\n\n{ISSUE_BODY}\n")
    async with FakeModelServer() as model:
        script.understanding(model, estimate=script.ESTIMATE_BIG)
        env = _env_for(tmp_path, database_url, model.base_url)
        code, out, err = await here("fix", "--repo", str(repo), "--issue-file", str(issue_file))
        assert code == 1, out + err  # paused: not (yet) a success
        run_id = int(re.search(r"Smith run (\d+)", out)[1])
        assert "paused" in out and "awaiting_approval" in out
        assert f"smith runs approve {run_id}" in out and "/smith approve" not in out
        report = tmp_path / "data" / "reports" / f"run-{run_id}.md"
        first = report.read_text()
        assert "Smith is waiting for approval" in first
        assert f"`smith runs approve {run_id}` in a shell to continue" in first
        assert "/smith approve" not in first
        assert model.requests_for("submit_repro_test") == []

        script.reproduction(model)
        script.implementation(model, script.FIX_EDIT)
        model.script("submit_self_review", script.submit("submit_self_review",
                                                         script.SELF_REVIEW))
        model.script("submit_criteria_verdict",
                     *[script.submit("submit_criteria_verdict", script.VERDICT)] * 3)
        code, out, err = await _smith(env, "runs", "approve", str(run_id), "--reason",
                                      "the estimate is fine")
        assert code == 0, out + err
    actor = shell_actor()
    assert f"Approved by {actor}: run #{run_id} goes on. Reason: the estimate is fine" in out
    assert "succeeded" in out
    [branch] = _git(repo, "branch", "--list", "smith/*", "--format=%(refname:short)").split()
    assert "sum(values) / len(values)" in _git(repo, "show", f"{branch}:calc.py")
    whole = report.read_text()  # the same report, with what the first shell said kept
    assert "status: **succeeded**" in whole and branch in whole
    assert "Smith is waiting for approval" in whole and f"Approved by {actor}" in whole
    assert len(list(report.parent.glob("run-*.md"))) == 1

    code, out, _ = await here("audit", "--kind", "command", "--json")
    [row] = json.loads(out)
    assert (row["actor"], row["outcome"], row["subject"]) == (actor, "approved", "issue #1")
    assert row["detail"]["reason"] == "the estimate is fine"
    assert (row["detail"]["run"], row["detail"]["via"]) == (run_id, "shell")

    # Once it has finished there is nothing to approve or cancel: one line, exit 1.
    for verb, says in (("approve", "not waiting for approval (status: succeeded)"),
                       ("cancel", "is not running (status: succeeded)")):
        code, out, err = await here("runs", verb, str(run_id))
        assert code == 1 and says in err, err
        assert len(err.strip().splitlines()) == 1 and "Traceback" not in err
    code, out, err = await here("runs", "retry", "9999", "--json")
    assert code == 1 and err.strip() == "error: no run with id 9999" and out == ""

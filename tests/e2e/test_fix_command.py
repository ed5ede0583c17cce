"""`smith fix --repo PATH --issue-file FILE`: offline, on a local repository, scripted model."""

from __future__ import annotations

import asyncio
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

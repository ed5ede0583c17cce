"""`smith examples --repo PATH --issue-file F --json`: offline, local repository, scripted model."""

from __future__ import annotations

import asyncio
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from bot.chains.examples.leaks import LeakFilter
from bot.config import Settings
from tests.e2e import examples_repo as ex
from tests.e2e.buggy_repo import make_buggy_repo
from tests.fakes.model import FakeModelServer
from tests.sandboxed import TOOLCHAIN

ROOT = Path(__file__).resolve().parents[2]
pytestmark = pytest.mark.e2e


async def test_examples_on_a_local_repository_prints_the_metrics_as_json(tmp_path, database_url):
    bare = make_buggy_repo(tmp_path / "origin")
    ex.push_examples(bare)
    repo = tmp_path / "project"
    subprocess.run(["git", "clone", "-q", str(bare), str(repo)], check=True)
    issue_file = tmp_path / "task.md"
    issue_file.write_text("# Recognise alarm requests\n\nWrite the alarm intent matcher.\n")
    report = tmp_path / "report.md"
    async with FakeModelServer() as model:
        ex.script(model, ex.GENERAL)
        env = {k: v for k, v in os.environ.items() if not k.startswith(("SMITH_", "ANTHROPIC_"))}
        env.update(
            PYTHONPATH=str(ROOT), SMITH_DATABASE_URL=database_url,
            SMITH_DATA_DIR=str(tmp_path / "data"), ANTHROPIC_API_KEY="test-key",
            ANTHROPIC_BASE_URL=model.base_url, SMITH_LLM_RETRY_BASE_DELAY="0.01",
            SMITH_SANDBOX_PATH=TOOLCHAIN,
            SMITH_LOG_LEVEL="WARNING",
        )
        process = await asyncio.create_subprocess_exec(
            sys.executable, "-m", "bot.cli", "examples", "--repo", str(repo), "--issue-file",
            str(issue_file), "--report", str(report), "--json", env=env, cwd=ROOT,
            stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.PIPE)
        out, err = await asyncio.wait_for(process.communicate(), timeout=240)
    assert process.returncode == 0, err.decode()[-3000:]
    result = json.loads(out)
    assert result["accepted"] is True and result["outcome"] == "change_request"
    assert result["train"] == {"recall": 1.0, "precision": 1.0}
    held = result["held_out"]
    split = ex.split_for(Settings())
    assert (held["positives"], held["negatives"]) == (
        sum(e.positive for e in split.held_out), sum(not e.positive for e in split.held_out))
    assert held["recall"] == 1.0 and 0 < held["recall_lower"] < 1
    assert [it["number"] for it in result["iterations"]] == [1]
    assert result["iterations_to_threshold"] == 1 and result["train_held_out_gap"] == 0.0
    text = report.read_text()
    assert result["acceptance_hash"] in text and "Input classes" in text
    assert LeakFilter(e.text for e in split.held_out).count([text, out.decode()]) == 0

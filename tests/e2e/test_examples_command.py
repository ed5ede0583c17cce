"""`smith examples --repo PATH --issue-file F --json`: offline, local repository, scripted model.

The debug run is a subprocess (the SDK reads ANTHROPIC_LOG when it is imported, and its log
must reach the process's stderr); the other two call the same `main` in this process with the
same environment and arguments (`here`), which spares each the second or more a
subprocess spends importing."""

from __future__ import annotations

import asyncio
import json
import os
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from bot.chains.examples.leaks import LeakFilter, quoted, texts_of
from bot.config import Settings
from tests.cli_in_process import InProcessCli
from tests.e2e import examples_repo as ex
from tests.e2e.buggy_repo import make_buggy_repo
from tests.fakes.model import FakeModelServer
from tests.sandboxed import TOOLCHAIN

ROOT = Path(__file__).resolve().parents[2]
pytestmark = pytest.mark.e2e


@pytest.fixture
def here(capsys: pytest.CaptureFixture[str],
         monkeypatch: pytest.MonkeyPatch) -> Callable[..., Any]:
    """The command in this process, not blocking this loop (tests/cli_in_process.py): the fake
    model lives in it."""
    cli = InProcessCli(capsys, monkeypatch)

    async def run(args: list[str], env: dict[str, str]) -> tuple[int, bytes, bytes]:
        result = await cli.run_async(args, env)
        return result.returncode, result.stdout.encode(), result.stderr.encode()

    return run


async def _smith_examples(tmp_path: Path, database_url: str, model: FakeModelServer,
                          task: str, companion_rounds: int = 3,
                          here: Callable[..., Any] | None = None,
                          **extra: str) -> tuple[int, bytes, bytes, Path]:
    """`smith examples --json` on a fresh clone of the alarm repository: (exit code, stdout,
    stderr, report path); a subprocess unless `here` runs it in this process."""
    bare = make_buggy_repo(tmp_path / "origin")
    ex.push_examples(bare, companion_rounds=companion_rounds)
    repo = tmp_path / "project"
    subprocess.run(["git", "clone", "-q", str(bare), str(repo)], check=True)
    issue_file = tmp_path / "task.md"
    issue_file.write_text(task)
    report = tmp_path / "report.md"
    env = {k: v for k, v in os.environ.items() if not k.startswith(("SMITH_", "ANTHROPIC_"))}
    env.update(
        PYTHONPATH=str(ROOT), SMITH_DATABASE_URL=database_url,
        SMITH_DATA_DIR=str(tmp_path / "data"), ANTHROPIC_API_KEY="test-key",
        ANTHROPIC_BASE_URL=model.base_url, SMITH_LLM_RETRY_BASE_DELAY="0.01",
        SMITH_SANDBOX_PATH=TOOLCHAIN, SMITH_LOG_LEVEL="WARNING",
    )
    env.update(extra)
    if here is not None:
        code, out, err = await here(["examples", "--repo", str(repo), "--issue-file",
                                     str(issue_file), "--report", str(report), "--json"], env)
        return code, out, err, report
    process = await asyncio.create_subprocess_exec(
        sys.executable, "-m", "bot.cli", "examples", "--repo", str(repo), "--issue-file",
        str(issue_file), "--report", str(report), "--json", env=env, cwd=ROOT,
        stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.PIPE)
    out, err = await asyncio.wait_for(process.communicate(), timeout=240)
    return process.returncode or 0, out, err, report


async def test_examples_on_a_local_repository_prints_the_metrics_as_json(tmp_path, database_url,
                                                                         here):
    async with FakeModelServer() as model:
        ex.script(model, ex.GENERAL)
        code, out, err, report = await _smith_examples(
            tmp_path, database_url, model,
            "# Recognise alarm requests\n\nWrite the alarm intent matcher.\n", here=here)
    assert code == 0, err.decode()[-3000:]
    result = json.loads(out)
    assert result["accepted"] is True and result["outcome"] == "change_request"
    assert result["train"] == {"recall": 1.0, "precision": 1.0}
    assert result["moved_to_training"]["quoted"] == 0
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


async def test_a_task_quoting_its_examples_is_accepted_and_a_debug_run_logs_no_held_out_line(
        tmp_path, database_url):
    # The maintainer's task quotes 14 of the 15 positives ("here are messages we must catch");
    # the SDK is asked for its own debug log too. v1 memorises, so the critic reads the
    # held-out errors (the request the SDK's debug log used to print); v2 is accepted.
    quoting = ex.POSITIVES[:14]
    task = ("# Recognise alarm requests\n\nHere are some of the messages we must catch:\n\n"
            + "\n".join(f"- {line}" for line in quoting) + "\n")
    split = ex.split_for(Settings(), pinned=quoted(ex.POSITIVES + ex.NEGATIVES, [task]))
    assert split.quoted == 14 and not {e.text for e in split.held_out} & set(quoting)
    async with FakeModelServer() as model:
        ex.script(model, ex.memorising(split), ex.GENERAL,
                  critic=[{"observations": [ex.GENERAL_OBSERVATION]}])
        code, out, err, report = await _smith_examples(
            tmp_path, database_url, model, task, SMITH_LOG_LEVEL="DEBUG",
            SMITH_LOG_FORMAT="json", ANTHROPIC_LOG="debug")
        critic_saw = "\n".join("\n".join(texts_of(r.body))
                               for r in model.requests_for("submit_critique"))
    assert code == 0, err.decode()[-3000:]
    result = json.loads(out)
    assert result["accepted"] is True and result["moved_to_training"]["quoted"] == 14
    assert len(result["iterations"]) == 2
    text = report.read_text()
    assert "Moved to training: 14 examples quoted by the task" in text
    leaks = LeakFilter(e.text for e in split.held_out)
    assert leaks.count([critic_saw]) > 0, "the critic read the held-out errors"
    logs = err.decode()
    assert '"level": "info"' in logs  # at DEBUG, libraries' INFO lines come through
    files = [p.read_text(errors="replace") for p in (tmp_path / "data").rglob("*")
             if p.is_file() and p.suffix in (".log", ".md", ".json", ".jsonl", ".txt")]
    held_lines = [line for line in logs.splitlines() if leaks.contains(line)]
    assert held_lines == [], f"{len(held_lines)} log lines hold a held-out example"
    assert leaks.count([text, out.decode(), *files]) == 0


async def test_a_failed_run_says_what_happened_without_host_paths(tmp_path, database_url, here):
    async with FakeModelServer() as model:
        ex.script(model, ex.GENERAL, writes=[{"calc.py": "def total(values):\n    return 0\n"}])
        code, out, err, report = await _smith_examples(
            tmp_path, database_url, model, "# Recognise alarm requests\n\nWrite it.\n",
            companion_rounds=1, here=here)
    assert code == 1, err.decode()[-3000:]
    said = ("the repository's own tests fail on the final branch (1 of 3 tests failing: "
            "tests/test_calc.py::test_total)")
    result = json.loads(out)
    assert result["outcome"] == "suite_red" and said in result["reason"]
    assert f"not accepted (suite_red): {said}" in " ".join(err.decode().split())
    text = report.read_text()
    assert "suite_red" in text and said in text and "### Smith did not open a change request" in text
    assert str(tmp_path) not in text and "/tmp/" not in text and "/tmp/" not in result["reason"]

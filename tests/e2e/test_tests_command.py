"""`smith tests --repo PATH --target FILE`, `smith smells` and `smith mutate`, as a user runs
them: a subprocess, a real local repository, the sandbox, a scripted model."""

from __future__ import annotations

import asyncio
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from tests.e2e.buggy_repo import make_buggy_repo, push_files
from tests.e2e.test_testgen import FIXED_CALC, GOOD, RAISES_ONLY, review, written
from tests.fakes.model import FakeModelServer, Turn

ROOT = Path(__file__).resolve().parents[2]
pytestmark = pytest.mark.e2e


def _env(tmp_path: Path, **extra: str) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("SMITH_", "ANTHROPIC_"))}
    env.update(PYTHONPATH=str(ROOT), SMITH_DATA_DIR=str(tmp_path / "data"),
               SMITH_SANDBOX_PATH=f"{Path(sys.executable).parent}:/usr/local/bin:/usr/bin:/bin",
               SMITH_LOG_LEVEL="WARNING", **extra)
    return env


def _project(tmp_path: Path) -> Path:
    bare = make_buggy_repo(tmp_path / "origin")
    push_files(bare, {"calc.py": FIXED_CALC})
    repo = tmp_path / "project"
    subprocess.run(["git", "clone", "-q", str(bare), str(repo)], check=True)
    return repo


async def test_tests_on_a_local_repository_leave_a_branch_and_a_report(tmp_path, database_url):
    repo = _project(tmp_path)
    file = "tests/test_calc_smith_targets.py"
    async with FakeModelServer() as model:
        model.script("submit_written_test_file",
                     Turn.tool("write_file", path=file, content=GOOD),
                     Turn.submit("submit_written_test_file", {**written(1), "file": file}))
        model.script("submit_test_review", Turn.submit("submit_test_review", review()))
        process = await asyncio.create_subprocess_exec(
            sys.executable, "-m", "bot.cli", "tests", "--repo", str(repo), "--target",
            "calc.py", env=_env(tmp_path, SMITH_DATABASE_URL=database_url,
                                ANTHROPIC_API_KEY="test-key",
                                ANTHROPIC_BASE_URL=model.base_url),
            cwd=ROOT, stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.STDOUT)
        output, _ = await asyncio.wait_for(process.communicate(), timeout=240)
    text = output.decode()
    assert process.returncode == 0, text
    shown = subprocess.run(["git", "-C", str(repo), "show", f"smith/tests-1:{file}"],
                           capture_output=True, text=True, check=True).stdout
    assert "test_average_of_two_numbers" in shown
    [report] = (tmp_path / "data" / "reports").glob("run-*.md")
    assert f"`{file}` (for `calc.py`)" in report.read_text()


def test_smells_json_gives_one_object_per_file(tmp_path):
    (tmp_path / "test_good.py").write_text(GOOD)
    (tmp_path / "test_bad.py").write_text("def test_x():\n    pass\n")
    result = subprocess.run([sys.executable, "-m", "bot.cli", "smells", "--json",
                             str(tmp_path / "test_good.py"), str(tmp_path / "test_bad.py")],
                            env=_env(tmp_path), cwd=ROOT, capture_output=True, text=True,
                            timeout=60)
    assert result.returncode == 1, result.stderr
    good, bad = (json.loads(line) for line in result.stdout.splitlines())
    assert (good["verdict"], good["smells"]) == ("accept", [])
    assert bad["verdict"] == "reject"
    assert bad["smells"] == [{"kind": "empty_test", "level": "reject", "test": "test_x",
                              "line": 1}]


def test_mutate_json_names_the_survivors(tmp_path):
    repo = _project(tmp_path)
    (repo / "tests" / "test_raises.py").write_text(RAISES_ONLY)
    result = subprocess.run([sys.executable, "-m", "bot.cli", "mutate", "--repo", str(repo),
                             "--module", "calc.py", "--tests", "tests/test_raises.py",
                             "--function", "average", "--json"],
                            env=_env(tmp_path), cwd=ROOT, capture_output=True, text=True,
                            timeout=120)
    assert result.returncode == 0, result.stderr
    outcome = json.loads(result.stdout)
    assert (outcome["mutants"], outcome["killed"]) == (3, 1)
    assert {(m["line"], m["original"], m["mutated"]) for m in outcome["survived"]} == {
        (8, "/", "*"), (8, "return sum(values) / len(values)", "return None")}
    assert outcome["seconds"] > 0

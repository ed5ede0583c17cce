"""`smith tests --repo PATH --target FILE`, `smith smells` and `smith mutate`, as a user runs
them: a subprocess, a real local repository, the sandbox, a scripted model. A second call of a
command already run as a subprocess here calls the same `main` in this process with the same
environment (`cli_here`): a subprocess spends a second or more importing first."""

from __future__ import annotations

import asyncio
import json
import os
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from tests.cli_in_process import InProcessCli
from tests.e2e.buggy_repo import make_buggy_repo, push_files
from tests.e2e.test_testgen import FIXED_CALC, GOOD, RAISES_ONLY, review, written
from tests.fakes.model import FakeModelServer, Turn
from tests.sandboxed import TOOLCHAIN

ROOT = Path(__file__).resolve().parents[2]
pytestmark = pytest.mark.e2e


def _env(tmp_path: Path, **extra: str) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("SMITH_", "ANTHROPIC_"))}
    env.update(PYTHONPATH=str(ROOT), SMITH_DATA_DIR=str(tmp_path / "data"),
               SMITH_SANDBOX_PATH=TOOLCHAIN,
               SMITH_LOG_LEVEL="WARNING", **extra)
    return env


@pytest.fixture
def cli_here(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> Any:
    """`python -m bot.cli ARGS` with environment `env` in folder `cwd`, run in this process
    (tests/cli_in_process.py)."""
    return InProcessCli(capsys, monkeypatch).run


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


def test_mutate_json_names_the_survivors(tmp_path, cli_here):
    """(`smith mutate` as a subprocess: tests/e2e/test_mutate_command.py.)"""
    repo = _project(tmp_path)
    (repo / "tests" / "test_raises.py").write_text(RAISES_ONLY)
    result = cli_here(["mutate", "--repo", str(repo), "--module", "calc.py", "--tests",
                       "tests/test_raises.py", "--function", "average", "--json"],
                      _env(tmp_path), ROOT)
    assert result.returncode == 0, result.stderr
    outcome = json.loads(result.stdout)
    assert (outcome["mutants"], outcome["killed"]) == (3, 1)
    assert {(m["line"], m["original"], m["mutated"]) for m in outcome["survived"]} == {
        (8, "/", "*"), (8, "return sum(values) / len(values)", "return None")}
    assert outcome["seconds"] > 0


def test_smells_reads_typescript_tests_and_takes_the_module_under_test(tmp_path, cli_here):
    (tmp_path / "src").mkdir()
    (tmp_path / "src" / "area.ts").write_text(
        "export function area(w: number, h: number): number {\n  return w * h;\n}\n")
    (tmp_path / "src" / "area.test.ts").write_text(
        "import { area } from './area';\n\n"
        "test('a 3 by 4 rectangle', () => {\n  expect(area(3, 4)).toBe(3 * 4);\n});\n")
    result = cli_here(["smells", "--json", "--subject", "src/area.ts", "src/area.test.ts"],
                      _env(tmp_path), tmp_path)
    assert result.returncode == 1, result.stderr
    assert json.loads(result.stdout) == {
        "path": "src/area.test.ts", "verdict": "reject",
        "smells": [{"kind": "tautology", "level": "reject", "test": "a 3 by 4 rectangle",
                    "line": 4}]}


def test_mutate_a_javascript_module_under_jest(tmp_path, cli_here):
    from tests.testgen import jsproject

    jsproject.needs_jest()
    repo = jsproject.write(tmp_path / "project", {
        "package.json": '{"name": "p", "version": "1.0.0"}\n',
        ".smith.yml": "language: javascript\ntests:\n  command: "
                      + json.dumps(jsproject.jest_config().test_command) + "\n",
        "lib/clamp.js": "exports.clamp = (x, lo, hi) => {\n  if (x < lo) return lo;\n"
                        "  return x > hi ? hi : x;\n};\n",
        "lib/clamp.test.js": "const { clamp } = require('./clamp');\n"
                             "test('below the range', () => { expect(clamp(-5, 0, 9)).toBe(0); });\n",
    })
    env = _env(tmp_path)
    env["SMITH_SANDBOX_PATH"] = f"{jsproject.JS_BIN}:{env['SMITH_SANDBOX_PATH']}"
    result = cli_here(["mutate", "--repo", str(repo), "--module", "lib/clamp.js", "--tests",
                       "lib/clamp.test.js", "--json"], env, ROOT)
    assert result.returncode == 0, result.stderr
    outcome = json.loads(result.stdout)
    # one test far below the range kills only `return lo` → `return undefined`
    assert (outcome["mutants"], outcome["killed"]) == (4, 1), outcome
    assert {(m["line"], m["original"]) for m in outcome["survived"]} == {
        (2, "<"), (3, ">"), (3, "return x > hi ? hi : x")}


PRICING = '''def discount(total, member):
    """10 off orders of 100 or more for members."""
    if member and total >= 100:
        return total - 10
    return total
'''
PRICING_TEST = '''from pricing.calc import discount


def test_members_get_ten_off_from_one_hundred():
    assert discount(100, True) == 90


def test_just_below_one_hundred_pays_full():
    assert discount(99, True) == 99


def test_non_members_pay_full():
    assert discount(150, False) == 150
'''


def _git(repo: Path, *args: str, date: str | None = None) -> None:
    env = {"GIT_AUTHOR_NAME": "Dev", "GIT_AUTHOR_EMAIL": "d@example.com", "HOME": str(repo),
           "GIT_COMMITTER_NAME": "Dev", "GIT_COMMITTER_EMAIL": "d@example.com",
           "PATH": "/usr/bin:/bin"}
    if date:
        env.update(GIT_AUTHOR_DATE=date, GIT_COMMITTER_DATE=date)
    subprocess.run(["git", "-C", str(repo), *args], env=env, check=True, capture_output=True)


async def test_a_coverage_campaign_tests_fresh_packages_and_lists_stale_docs_as_debt(
        tmp_path, database_url):
    repo = tmp_path / "project"
    (repo / "legacy").mkdir(parents=True)
    (repo / "pricing").mkdir()
    (repo / "tests").mkdir()
    (repo / "docs").mkdir()
    (repo / "conftest.py").write_text("")
    for package in ("legacy", "pricing"):
        (repo / package / "__init__.py").write_text("")
    (repo / "legacy" / "old.py").write_text("def sign(x):\n    if x < 0:\n        return -1\n"
                                           "    return 1\n")
    (repo / "pricing" / "calc.py").write_text(PRICING)
    (repo / "tests" / "test_smoke.py").write_text("def test_smoke():\n    assert True\n")
    (repo / "docs" / "legacy.md").write_text("# Legacy\n")
    _git(repo, "init", "-q", "-b", "main")
    _git(repo, "add", "docs/legacy.md")
    _git(repo, "commit", "-q", "-m", "legacy docs", date="2020-01-01T00:00:00")
    (repo / "docs" / "pricing.md").write_text("# Pricing\n\nMembers get 10 off from 100.\n")
    _git(repo, "add", ".")
    _git(repo, "commit", "-q", "-m", "code and pricing docs")
    file = "tests/test_calc_smith_coverage.py"
    async with FakeModelServer() as model:
        model.script("submit_written_test_file",
                     Turn.tool("write_file", path=file, content=PRICING_TEST),
                     Turn.submit("submit_written_test_file", {
                         "file": file, "functions": ["discount"],
                         "scenarios": [{"test": "test_members_get_ten_off_from_one_hundred",
                                        "behaviour": "members pay 10 less from 100",
                                        "kind": "happy_path"}]}))
        model.script("submit_test_review", Turn.submit("submit_test_review", {
            "tests": [{"test": "test_members_get_ten_off_from_one_hundred", "verdict": "OK",
                       "confidence": "HIGH"}],
            "verdict": "ACCEPT", "summary": "Pins the documented discount.",
            "missing_scenarios": []}))
        body, (before, after) = await coverage_campaign(tmp_path, repo, database_url, model)
    assert f"`{file}` (for `pricing/calc.py`)" in body
    assert "- legacy: documentation last changed" in body
    assert after > before


async def coverage_campaign(tmp_path: Path, repo: Path, database_url: str,
                            model: FakeModelServer, sandbox_path: str = TOOLCHAIN,
                            ) -> tuple[str, tuple[float, float]]:
    """`smith tests --repo REPO --coverage` as a user runs it: the report, and the suite's
    branch coverage before and after (percent)."""
    process = await asyncio.create_subprocess_exec(
        sys.executable, "-m", "bot.cli", "tests", "--repo", str(repo), "--coverage",
        env={**_env(tmp_path, SMITH_DATABASE_URL=database_url, ANTHROPIC_API_KEY="test-key",
                    ANTHROPIC_BASE_URL=model.base_url), "SMITH_SANDBOX_PATH": sandbox_path},
        cwd=ROOT, stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.STDOUT)
    output, _ = await asyncio.wait_for(process.communicate(), timeout=300)
    assert process.returncode == 0, output.decode()
    [report] = (tmp_path / "data" / "reports").glob("run-*.md")
    body = report.read_text()
    before, after = (float(x.rstrip("%")) for x in re.findall(
        r"(\d+\.\d)% (?:before|after)", body))
    return body, (before, after)

"""`smith stats` as a user runs it: the real CLI on a test database. The usage error goes
through a real `python -m bot.cli` subprocess (entry point, exit code, no traceback); the
other calls run the same `main` in this process with the same environment (`smith_here`),
since each subprocess of `stats` spends 2-4 s importing every chain's step rows."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest

from bot.store.db import Database
from tests.cli_in_process import InProcessCli
from tests.stats import dataset

ROOT = Path(__file__).resolve().parents[2]


def _env(database_url: str, tmp_path: Path, config_file: Path | None = None) -> dict[str, str]:
    env = {key: value for key, value in os.environ.items() if not key.startswith("SMITH_")}
    env.update(SMITH_DATABASE_URL=database_url, SMITH_DATA_DIR=str(tmp_path / "data"),
               SMITH_CONFIG_FILE=str(config_file or tmp_path / "absent.toml"),
               SMITH_LOG_LEVEL="WARNING",
               COLUMNS="200")
    return env


def smith(database_url: str, tmp_path: Path, *args: str,
          config_file: Path | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "bot.cli", *args], cwd=ROOT,
                          env=_env(database_url, tmp_path, config_file),
                          capture_output=True, text=True, timeout=120, check=False)


@pytest.fixture
def smith_here(database_url: str, tmp_path: Path, capsys: pytest.CaptureFixture[str],
               monkeypatch: pytest.MonkeyPatch) -> Callable[..., subprocess.CompletedProcess[str]]:
    """`smith ARGS` in this process (tests/cli_in_process.py), the same environment."""
    cli = InProcessCli(capsys, monkeypatch)

    def run(*args: str) -> subprocess.CompletedProcess[str]:
        return cli.run(list(args), _env(database_url, tmp_path))

    return run


async def test_json_has_exact_counts_and_flags(database: Database, smith_here):
    await dataset.insert_dataset(database)
    run = smith_here("stats", "--repo", "acme/app", "--window", "4", "--json")
    assert run.returncode == 0, run.stderr
    data = json.loads(run.stdout)
    assert data["filters"] == {"repo": "acme/app", "since": None}
    assert data["window"] == 4
    assert data["funnel"] == {"summoned": 6, "change_request": 3, "merged": 2,
                              "merged_without_edits": 1, "rework_runs": 1}
    steps = {step["step"]: step for step in data["steps"]}
    assert {name for name, s in steps.items() if s["removal_candidate"]} == {"judge"}
    assert {name for name, s in steps.items() if s["rework_candidate"]} == {"quality"}
    quality = steps["quality"]
    assert (quality["runs"], quality["executions"], quality["passes"], quality["rejections"],
            quality["rejections_by_reason"]) == (5, 10, 5, 5, {"red": 4, "tests_failed": 1})
    assert (steps["estimate"]["gates"], steps["self_review"]["skips"],
            steps["brt"]["failures"]) == (1, 1, 1)


async def test_since_filter_and_table_output(database: Database, smith_here):
    await dataset.insert_dataset(database)
    run = smith_here("stats", "--since", "2026-03-04", "--window", "3")
    assert run.returncode == 0, run.stderr
    assert "since 2026-03-04" in run.stdout
    assert "summoned 3 → change request 1 → merged 0 → merged without edits 0" in run.stdout
    quality_line = next(line for line in run.stdout.splitlines() if "quality" in line)
    assert "rework candidate" in quality_line and "red 3" in quality_line


def test_a_bad_day_is_a_usage_error_without_traceback(database_url: str, tmp_path):
    run = smith(database_url, tmp_path, "stats", "--since", "March 4th")
    assert run.returncode == 2
    assert "expected a day as YYYY-MM-DD" in run.stderr
    assert "Traceback" not in run.stderr


async def test_new_sections_in_json_and_in_the_table(database: Database, smith_here):
    from tests.stats import sections

    ids = await sections.insert_sections(database)
    run = smith_here("stats", "--repo", sections.REPO, "--json")
    assert run.returncode == 0, run.stderr
    data = json.loads(run.stdout)
    [comparison] = data["reproduction"]
    assert (comparison["with_test"]["runs"], comparison["with_test"]["rework_rate"],
            comparison["without_test"]["success_rate"]) == (1, 1.0, 0.0)
    assert [s["files"] for s in data["testgen"]["stages"]] == [1, 1, 1, 1, 1, 1, 1, 1, 1]
    assert data["examples"]["per_run"][0]["run"] == ids["examples"]
    assert data["examples"]["per_run"][0]["iterations_to_threshold"] == 2

    table = smith_here("stats", "--repo", sections.REPO)
    assert table.returncode == 0, table.stderr
    out = table.stdout
    assert "fix runs with / without a red reproduction test" in out
    assert "funnel: generated 1 → collected 1 → green 1 → stable 1 → mutation 1 → earns 1 " \
           "→ smells 1 → reviewer 1 (3 tests) → merged 1 (3 tests)" in out
    assert "tries stopped by: green 1, writer 1" in out
    assert "held-out chain: 1 runs, 1 accepted, 1 merged, 1 accepted without edits" in out
    assert "+10 pt / +10 pt" in out
    assert sections.TRAINING_ERROR not in out and sections.SECRET_NOTE not in out

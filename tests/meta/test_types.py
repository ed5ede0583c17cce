"""`mypy --strict` holds on the modules listed here: the composition root, the runtime, the
store's queries, the job blueprints and the CLI. Extend the list as modules are brought up to
strict; the settings live in pyproject.toml ([tool.mypy])."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
STRICT = [
    "bot/cli/", "bot/command_line.py", "bot/runtime.py", "bot/services.py", "bot/subjects.py",
    "bot/jobs.py", "bot/rules/jobs.py", "bot/redelivery_jobs.py", "bot/retention.py",
    "bot/store/queue.py", "bot/store/runs.py", "bot/store/rules.py", "bot/store/stats.py",
    "bot/store/deliveries.py", "bot/intake.py", "bot/stats/", "bot/protected_paths.py",
    "bot/validator/protected.py", "bot/dashboard/pages.py", "handlers/runs.py",
    "handlers/outcomes.py", "handlers/rules.py", "bot/app.py", "bot/heartbeat.py", "bot/retry.py",
    "bot/forge/retry.py", "bot/llm/client.py", "bot/chain/code_index.py",
    "bot/workspace/checkout.py", "bot/cron.py", "bot/chain/testgen/campaigns.py",
    "bot/chain/testgen/jobs.py", "bot/chain/estimate_floor.py", "bot/chain/reach.py",
    "bot/chain/repro_skip.py", "bot/chain/verdict_checks.py", "bot/validator/evidence.py",
    "handlers/answers.py", "bot/chain/records.py", "bot/codegraph/pydefs.py",
    "bot/codegraph/pyrefs.py", "bot/codegraph/pystatements.py", "bot/codegraph/fstrings.py",
    "bot/codegraph/lazy.py", "bot/terminal.py", "bot/logs.py",
]


@pytest.mark.slow
def test_listed_modules_pass_mypy_strict():
    result = subprocess.run(
        [sys.executable, "-m", "mypy", "--strict", "--no-error-summary", *STRICT],
        cwd=ROOT, capture_output=True, text=True, timeout=600)
    assert result.returncode == 0, result.stdout + result.stderr

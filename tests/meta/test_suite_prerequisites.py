"""The README's test command on a machine that lacks something, and what it leaves behind.

Each test starts the suite itself (`python -m pytest` on one small test file) in a subprocess,
as a newcomer would, and looks at what it printed and left running."""

from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
SMALL = "tests/config/test_absolute_paths.py"


def _env(**extra: str) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items()
           if not k.startswith(("PYTEST_", "SMITH_", "COV_"))}
    env.update(extra)
    return env


def test_without_bubblewrap_the_suite_stops_at_once_in_one_line() -> None:
    """No collection errors module by module: one line that says what to install."""
    result = subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", SMALL],
                            cwd=ROOT, env=_env(PATH="/nonexistent"), capture_output=True,
                            text=True, timeout=120)
    output = (result.stdout + result.stderr).strip()
    assert result.returncode == 4, output
    assert "apt-get install bubblewrap" in output
    assert "error" not in output.lower().replace("errors", ""), output
    assert len([line for line in output.splitlines() if line.strip()]) <= 2, output


@pytest.mark.slow  # starts (initdb on first use) and stops a PostgreSQL of its own
def test_the_suite_stops_its_postgres_when_pytest_exits(tmp_path: Path) -> None:
    pgdata = tmp_path / "pg"
    test = tmp_path / "test_uses_db.py"
    test.write_text("def test_db(database_url):\n    assert database_url.startswith('postgres')\n")
    result = subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "--rootdir", str(ROOT),
         "-c", str(ROOT / "pyproject.toml"), "--confcutdir", str(ROOT),
         "-p", "tests.conftest", str(test)],
        cwd=ROOT, env=_env(SMITH_TEST_PGDATA=str(pgdata)), capture_output=True, text=True,
        timeout=300)
    assert result.returncode == 0, result.stdout + result.stderr
    assert (pgdata / "PG_VERSION").exists()  # it did run there
    deadline = time.monotonic() + 10
    while (pgdata / "postmaster.pid").exists() and time.monotonic() < deadline:
        time.sleep(0.2)
    assert not (pgdata / "postmaster.pid").exists(), "the suite left its PostgreSQL running"


"""A setting that names something unusable stops the command in one line, not a traceback."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from bot.config import Settings, SettingsError
from bot.services import build_forges

ROOT = Path(__file__).resolve().parents[2]


def test_an_unreadable_app_key_is_a_settings_error(tmp_path: Path) -> None:
    settings = Settings(github_app_id=1, github_private_key_path=tmp_path / "missing.pem",
                        data_dir=tmp_path)
    with pytest.raises(SettingsError, match="cannot read the GitHub App private key"):
        build_forges(settings)


@pytest.mark.slow  # a `smith serve` subprocess (8 s of the fast loop)
def test_smith_serve_says_it_in_one_line(tmp_path: Path, database_url: str) -> None:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("SMITH_", "ANTHROPIC_"))}
    env.update(PYTHONPATH=str(ROOT), SMITH_DATABASE_URL=database_url,
               SMITH_EMBEDDED_DATABASE="false", SMITH_DATA_DIR=str(tmp_path / "data"),
               SMITH_GITHUB_APP_ID="1", SMITH_GITHUB_PRIVATE_KEY_PATH=str(tmp_path / "no.pem"),
               SMITH_CONFIG_FILE=str(tmp_path / "absent.toml"))
    result = subprocess.run([sys.executable, "-m", "bot.cli", "serve", "--no-worker",
                             "--port", "0"], env=env, cwd=tmp_path, capture_output=True,
                            text=True, timeout=120)
    assert result.returncode == 2, result.stderr
    assert "error: cannot read the GitHub App private key" in result.stderr
    assert "Traceback" not in result.stderr

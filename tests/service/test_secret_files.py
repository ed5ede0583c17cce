"""Secrets can come from files (Docker and Kubernetes secrets) instead of the environment."""

from __future__ import annotations

import subprocess
import sys

from tests.service.test_cli import _env


def test_settings_read_secret_files_and_the_environment_wins(tmp_path):
    secrets = tmp_path / "secrets"
    secrets.mkdir()
    (secrets / "smith_github_webhook_secret").write_text("from-a-file")
    (secrets / "smith_gitlab_token").write_text("gl-from-a-file")
    probe = ("from bot.config import Settings; s = Settings(); "
             "print(s.github_webhook_secret.get_secret_value(), s.gitlab_token.get_secret_value())")
    env = _env(SMITH_SECRETS_DIR=str(secrets), SMITH_DATA_DIR=str(tmp_path / "data"))
    out = subprocess.run([sys.executable, "-c", probe], env=env, cwd=tmp_path,
                         capture_output=True, text=True, check=True).stdout.split()
    assert out == ["from-a-file", "gl-from-a-file"]
    env["SMITH_GITLAB_TOKEN"] = "gl-from-env"
    out = subprocess.run([sys.executable, "-c", probe], env=env, cwd=tmp_path,
                         capture_output=True, text=True, check=True).stdout.split()
    assert out == ["from-a-file", "gl-from-env"]

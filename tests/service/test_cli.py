"""The `smith` command as a newcomer uses it: serve on the embedded default, inspect runs."""

from __future__ import annotations

import json
import os
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


def _smith(*args: str, env: dict[str, str], timeout: float = 120) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "bot.cli", *args], env=env, cwd=ROOT,
                          capture_output=True, text=True, timeout=timeout)


def _env(**extra: str) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("SMITH_", "ANTHROPIC_"))}
    env.update(PYTHONPATH=str(ROOT), SMITH_LOG_FORMAT="json", **extra)
    return env


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def test_help_lists_every_command_with_help_text():
    result = _smith("--help", env=_env())
    assert result.returncode == 0
    for command in ("serve", "worker", "runs", "db", "validate", "index", "symbols"):
        assert command in result.stdout
    for sub in (("runs", "list"), ("runs", "show"), ("db", "upgrade"), ("serve",), ("worker",)):
        assert _smith(*sub, "--help", env=_env()).returncode == 0


@pytest.mark.slow  # a `smith` subprocess on the given database
def test_runs_commands_on_a_given_database(database_url: str, capsys: pytest.CaptureFixture[str],
                                           monkeypatch: pytest.MonkeyPatch):
    """`smith db upgrade` is a real subprocess; `runs list` and `runs show` run `bot.cli.main`
    in this process with the same environment (tests/cli_in_process.py), 2 s less each."""
    from tests.cli_in_process import InProcessCli

    here = InProcessCli(capsys, monkeypatch)
    env = _env(SMITH_DATABASE_URL=database_url)
    assert _smith("db", "upgrade", env=env).returncode == 0
    listed = here.run(["runs", "list", "--json"], env)
    assert listed.returncode == 0, listed.stderr
    assert json.loads(listed.stdout) == []
    missing = here.run(["runs", "show", "999"], env)
    assert missing.returncode == 1
    assert "no run with id 999" in missing.stderr
    assert "Traceback" not in missing.stderr


def test_bad_settings_are_a_clear_error(tmp_path):
    result = _smith("runs", "list", env=_env(SMITH_SUMMON_PERMISSION="everyone",
                                             SMITH_DATA_DIR=str(tmp_path)))
    assert result.returncode == 2
    assert "summon_permission" in result.stderr and "Traceback" not in result.stderr


@pytest.mark.slow
def test_serve_on_the_embedded_default_is_ready_and_shares_its_database(tmp_path):
    data = tmp_path / "data"
    port = _free_port()
    env = _env(SMITH_DATA_DIR=str(data))
    serve = subprocess.Popen([sys.executable, "-m", "bot.cli", "serve", "--port", str(port)],
                             env=env, cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                             text=True)
    try:
        deadline = time.monotonic() + 90
        while True:
            try:
                with urllib.request.urlopen(f"http://127.0.0.1:{port}/readyz", timeout=2) as resp:
                    assert resp.status == 200
                    break
            except OSError:
                if serve.poll() is not None or time.monotonic() > deadline:
                    raise AssertionError(serve.stdout.read() if serve.poll() is not None
                                         else "serve did not become ready")
                time.sleep(0.3)
        # A second process joins the running embedded server instead of starting another.
        listed = _smith("runs", "list", "--json", env=env)
        assert listed.returncode == 0, listed.stderr
        assert json.loads(listed.stdout) == []
        assert (data / "postgres" / "postmaster.pid").exists()
    finally:
        serve.send_signal(signal.SIGTERM)
        code = serve.wait(timeout=60)
    assert code == 0
    assert not (data / "postgres" / "postmaster.pid").exists(), "embedded server left running"


def test_without_a_database_url_and_the_embedded_database_off_commands_refuse(tmp_path):
    """Compose and Kubernetes turn the embedded database off: a process without the shared
    database's URL must say so, not start a private database of its own."""
    env = _env(SMITH_DATA_DIR=str(tmp_path / "data"), SMITH_EMBEDDED_DATABASE="false",
               SMITH_DATABASE_URL="")
    result = _smith("runs", "list", env=env)
    assert result.returncode == 1
    assert "SMITH_DATABASE_URL is empty" in result.stderr and "Traceback" not in result.stderr
    assert not (tmp_path / "data" / "postgres").exists()


@pytest.mark.parametrize("command", [["rules", "list"], ["rules", "mine"], ["stats"]])
def test_a_database_that_cannot_be_reached_is_a_clear_error(
    command: list[str], capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A wrong SMITH_DATABASE_URL says so in one line and exits 1, not with psycopg's traceback."""
    from tests.cli_in_process import InProcessCli

    url = f"postgresql://smith:secret-password@127.0.0.1:{_free_port()}/smith"
    result = InProcessCli(capsys, monkeypatch).run(command, {"SMITH_DATABASE_URL": url})
    assert result.returncode == 1
    assert "the database cannot be reached" in result.stderr
    assert "Connection refused" in result.stderr
    assert "Traceback" not in result.stderr + result.stdout
    assert "secret-password" not in result.stderr + result.stdout

"""A worker starting up removes the checkouts of processes that were killed outright on its data
folder, and only those: a live process's checkout, a folder naming no owner (an older Smith's)
and one made on another host stay (#31 item 6)."""

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

from bot.workspace.leftovers import OWNER_FILE, remove_leftover_runs
from tests.fakes import free_port
from tests.workspace.gitrepo import RemoteRepo

ROOT = Path(__file__).resolve().parents[2]
pytestmark = pytest.mark.slow  # processes making real checkouts, and a smith worker

CHECKOUT_AND_WAIT = """
import asyncio, sys, time
from pathlib import Path
from bot.workspace.checkout import Workspace
from bot.workspace.git import GitOptions

checkout = asyncio.run(Workspace(Path(sys.argv[1]), GitOptions(allowed_protocols=("file",)))
                       .create_checkout(sys.argv[2], "main", new_branch="smith/1-fix"))
print("RUN_DIR=" + str(checkout.run_dir), flush=True)
time.sleep(600)
"""


def _checkout_in_a_process(workspace: Path, remote: RemoteRepo) -> tuple[subprocess.Popen[str], Path]:
    """A process holding a checkout in `workspace`, as a worker mid-run does."""
    process = subprocess.Popen([sys.executable, "-c", CHECKOUT_AND_WAIT, str(workspace),
                                remote.url], cwd=ROOT, env={**os.environ, "PYTHONPATH": str(ROOT)},
                               stdout=subprocess.PIPE, text=True)
    assert process.stdout is not None
    line = ""
    while not line.startswith("RUN_DIR="):  # structlog's default lines come first
        line = process.stdout.readline()
        assert line, "the checkout process ended without a checkout"
    run_dir = Path(line.strip().removeprefix("RUN_DIR="))
    assert (run_dir / "checkout").is_dir(), run_dir
    return process, run_dir


@pytest.fixture
def remote(tmp_path: Path) -> RemoteRepo:
    repo = RemoteRepo(tmp_path)
    repo.commit({"app.py": "def add(a, b):\n    return a - b\n"}, "buggy add")
    return repo


def test_a_run_folder_names_its_owner_and_a_live_owners_folder_stays(
    tmp_path: Path, remote: RemoteRepo,
):
    workspace = tmp_path / "data" / "workspace"
    live, run_dir = _checkout_in_a_process(workspace, remote)
    try:
        owner = json.loads((run_dir / OWNER_FILE).read_text())
        assert owner["pid"] == live.pid and owner["host"] == socket.gethostname()
        assert remove_leftover_runs(workspace) == 0
        assert run_dir.exists()
        # The same pid with another start time is another process: the owner is gone.
        (run_dir / OWNER_FILE).write_text(json.dumps({**owner, "started": owner["started"] - 60}))
        assert remove_leftover_runs(workspace) == 1
        assert not run_dir.exists()
    finally:
        live.kill()
        live.wait()


def test_smith_worker_removes_a_killed_processs_checkouts_at_start(
    tmp_path: Path, remote: RemoteRepo, database_url: str,
):
    data = tmp_path / "data"
    workspace = data / "workspace"
    killed, killed_dir = _checkout_in_a_process(workspace, remote)
    killed.send_signal(signal.SIGKILL)
    killed.wait()
    live, live_dir = _checkout_in_a_process(workspace, remote)
    unowned = workspace / "runs" / "older-smith"
    (unowned / "checkout").mkdir(parents=True)
    elsewhere = workspace / "runs" / "other-host"
    (elsewhere / "checkout").mkdir(parents=True)
    (elsewhere / OWNER_FILE).write_text(json.dumps(
        {"host": "another-machine", "pid": killed.pid, "started": 0.0}))
    assert killed_dir.exists()

    port = free_port()
    env = {k: v for k, v in os.environ.items() if not k.startswith("SMITH_")}
    env.update({"PYTHONPATH": str(ROOT), "SMITH_DATA_DIR": str(data),
                "SMITH_DATABASE_URL": database_url, "SMITH_EMBEDDED_DATABASE": "false",
                "SMITH_REDELIVERY_INTERVAL_MINUTES": "0"})
    worker = subprocess.Popen([sys.executable, "-m", "bot", "worker", "--health-port", str(port)],
                              cwd=ROOT, env=env, stdout=subprocess.DEVNULL,
                              stderr=subprocess.PIPE, text=True)
    try:
        deadline = time.monotonic() + 90
        while not _ready(port):
            assert worker.poll() is None, worker.communicate()[1][-3000:]
            assert time.monotonic() < deadline, "the worker never got ready"
            time.sleep(0.2)
        assert not killed_dir.exists()
        assert live_dir.exists() and unowned.exists() and elsewhere.exists()
    finally:
        worker.send_signal(signal.SIGTERM)
        worker.wait(timeout=60)
        live.kill()
        live.wait()


def _ready(port: int) -> bool:
    try:
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/readyz", timeout=2) as response:
            return bool(response.status == 200)
    except OSError:
        return False

"""Run folders a dead process left behind, told apart from those of live ones.

A checkout is removed when its run ends, however it ends, except when its process is killed
outright (SIGKILL, the OOM killer, a power cut): then the folder stayed on disk until PREPARE's
24-hour sweep by age. Every run folder now names its owner (host, process id and the process's
start time, so a reused pid is not taken for the owner), and a worker starting up removes the
folders whose owner on this host is gone. A folder without an owner (an older Smith's, or one
being made this instant) is left to the age sweep; another live process's is never touched:
`smith serve`, `smith worker` and a foreground `smith fix` may share one data folder.
"""

from __future__ import annotations

import json
import os
import shutil
import socket
from pathlib import Path

import psutil
import structlog

log = structlog.get_logger(__name__)

OWNER_FILE = "owner.json"


def _me() -> dict[str, object]:
    return {"host": socket.gethostname(), "pid": os.getpid(),
            "started": psutil.Process().create_time()}


def stamp_owner(run_dir: Path) -> None:
    """Write who made `run_dir` (this process), beside the checkout inside it."""
    (run_dir / OWNER_FILE).write_text(json.dumps(_me()))


def _owner_gone(owner: dict[str, object]) -> bool:
    """True only when the owner is surely dead: on this host, and its pid is free or belongs
    to a process started at another time."""
    if owner.get("host") != socket.gethostname():
        return False
    pid, started = owner.get("pid"), owner.get("started")
    if not isinstance(pid, int) or not isinstance(started, int | float):
        return False
    try:
        process = psutil.Process(pid)
        return bool(abs(process.create_time() - started) > 1.0
                    or process.status() == psutil.STATUS_ZOMBIE)
    except psutil.NoSuchProcess:
        return True
    except psutil.Error:
        return False


def remove_leftover_runs(workspace_root: Path) -> int:
    """Remove the run folders under `workspace_root/runs` whose owner process is gone; returns
    how many were removed."""
    runs = workspace_root / "runs"
    if not runs.is_dir():
        return 0
    removed = 0
    for folder in runs.iterdir():
        try:
            owner = json.loads((folder / OWNER_FILE).read_text())
        except (OSError, ValueError):
            continue
        if isinstance(owner, dict) and _owner_gone(owner):
            shutil.rmtree(folder, ignore_errors=True)
            removed += 1
    if removed:
        log.info("leftover_checkouts_removed", count=removed, root=str(runs))
    return removed

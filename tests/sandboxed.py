"""What the tests that run pytest in the sandbox share: a sandbox whose PATH starts at this
interpreter's folder, a repository config whose test command loads no pytest plugins (the
runs start faster; the env word is passed through to the sandboxed command), and TOOLCHAIN, the
sandbox PATH of the tests where this interpreter plays a repository's toolchain with the
repository's own config."""

from __future__ import annotations

import hashlib
import os
import shlex
import shutil
import sys
import tempfile
from pathlib import Path

from bot.repo_config import load_repo_config
from bot.workspace.sandbox import Sandbox, SandboxSettings

VENV_BIN = Path(sys.executable).parent
SANDBOX = Sandbox(SandboxSettings(path=f"{VENV_BIN}:/usr/bin:/bin"))
CONFIG = load_repo_config("tests:\n  command: PYTEST_DISABLE_PLUGIN_AUTOLOAD=1 python -m pytest "
                          "{tests} --junitxml={junit} -q\n")


NAMES = ("python", "python3")


def plugin_free_python() -> Path:
    """A folder whose `python` and `python3` are this interpreter with pytest's plugin autoload
    off: a repository's environment has none of the suite's own plugins (asyncio, xdist, timeout,
    anyio), and loading them took 0.55 s of every sandboxed pytest start (0.8 s -> 0.25 s).

    In the shared temporary folder, not pytest's: the sandbox's user must read it. Made once per
    interpreter and shared by the xdist workers; a folder this user did not make is not used."""
    script = f'#!/bin/sh\nPYTEST_DISABLE_PLUGIN_AUTOLOAD=1 exec {shlex.quote(sys.executable)} "$@"\n'
    folder = Path(tempfile.gettempdir()) / (
        "smith-test-python-" + hashlib.sha256(script.encode()).hexdigest()[:12])
    if _made_here(folder, script):
        return folder
    staging = Path(tempfile.mkdtemp(prefix=f"{folder.name}-"))
    for name in NAMES:
        (staging / name).write_text(script)
        (staging / name).chmod(0o755)
    staging.chmod(0o755)
    try:
        staging.rename(folder)  # atomic
    except OSError:  # another worker made it meanwhile, or it is not ours
        if not _made_here(folder, script):
            return staging
        shutil.rmtree(staging)
    return folder


def _made_here(folder: Path, script: str) -> bool:
    """Made by this user, writable by no one else, holding the scripts."""
    try:
        info = folder.stat()
        return (info.st_uid == os.getuid() and not info.st_mode & 0o022
                and all((folder / name).read_text() == script for name in NAMES))
    except OSError:
        return False


TOOLCHAIN = f"{plugin_free_python()}:{VENV_BIN}:/usr/local/bin:/usr/bin:/bin"
"""The venv's folder stays on PATH so the sandbox mounts the interpreter the scripts start."""

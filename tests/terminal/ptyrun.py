"""Run a command as a person would see it (on a pseudo-terminal) or as a script would (piped)."""

from __future__ import annotations

import fcntl
import os
import pty
import re
import select
import struct
import subprocess
import sys
import termios
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
ANSI = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]|\x1b\][^\x07]*\x07")


def clean_env(tmp_path: Path, **extra: str) -> dict[str, str]:
    """No SMITH_* or model variables, no colour or width overrides, a terminal type rich knows."""
    env = {k: v for k, v in os.environ.items()
           if not k.startswith(("SMITH_", "ANTHROPIC_", "FORCE_COLOR", "NO_COLOR", "COLUMNS",
                                "TTY_COMPATIBLE"))}
    env.update(PYTHONPATH=str(ROOT), TERM="xterm-256color", SMITH_DATA_DIR=str(tmp_path / "data"),
               SMITH_CONFIG_FILE=str(tmp_path / "absent.toml"), **extra)
    return env


def in_terminal(argv: list[str], env: dict[str, str], timeout: float = 60,
                columns: int = 100) -> tuple[int, str]:
    """Run argv with stdin, stdout and stderr on one pseudo-terminal `columns` wide: (exit
    code, what it showed without escape sequences and carriage returns)."""
    main, child = pty.openpty()
    fcntl.ioctl(child, termios.TIOCSWINSZ, struct.pack("HHHH", 40, columns, 0, 0))
    process = subprocess.Popen(argv, stdin=child, stdout=child, stderr=child, env=env, cwd=ROOT,
                               close_fds=True)
    os.close(child)
    chunks: list[bytes] = []
    deadline = time.monotonic() + timeout
    try:
        while time.monotonic() < deadline:
            ready, _, _ = select.select([main], [], [], 0.2)
            if not ready:
                if process.poll() is not None:
                    break
                continue
            try:
                data = os.read(main, 65536)
            except OSError:  # EIO: the child side is closed
                break
            if not data:
                break
            chunks.append(data)
        code = process.wait(timeout=max(1.0, deadline - time.monotonic()))
    finally:
        if process.poll() is None:
            process.kill()
            process.wait()
        os.close(main)
    return code, ANSI.sub("", b"".join(chunks).decode(errors="replace")).replace("\r", "")


def smith_in_terminal(*args: str, env: dict[str, str], timeout: float = 60) -> tuple[int, str]:
    return in_terminal([sys.executable, "-m", "bot.cli", *args], env, timeout)


def smith_piped(*args: str, env: dict[str, str], timeout: float = 60,
                ) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "bot.cli", *args], env=env, cwd=ROOT,
                          capture_output=True, text=True, timeout=timeout, check=False)
